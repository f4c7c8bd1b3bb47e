import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgoraConfig, AgoraTokenResponse, AgoraUsages } from "@parley/protocol";
import { dialects } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel } from "../../test/factories.js";
import { call, jsonOk } from "../../test/api.js";
import { expectMatrix } from "../../test/matrix.js";
import { startHttpRecorder, type HttpRecorder } from "../../test/httpRecorder.js";

/** Agora's own parser and signature check (the package's `AccessToken2`), to validate what Parley issues. */
const AccessToken2 = createRequire(import.meta.url)("agora-token/src/AccessToken2.js").AccessToken2 as new () => {
  from_string(token: string): boolean;
  verifySignature(cert: string): boolean;
  appId: unknown;
  services: { __channel_name?: unknown; __uid?: unknown }[];
};

const APP_ID = "0123456789abcdef0123456789abcdef";
const CERT = "fedcba9876543210fedcba9876543210";

describe.each(dialects())("Agora (%s)", (dialect) => {
  let agora: HttpRecorder;
  beforeAll(async () => {
    agora = await startHttpRecorder();
  });
  afterAll(() => agora.close());
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true }, seed: buildCast });

  const config = (extra: object = {}) => ({ enabled: true, url: agora.base, project_id: "proj", app_id: APP_ID, app_certificate: CERT, rtm_key: "cust", rtm_secret: "cust-secret", ...extra });
  const configure = async (extra: object = {}) => expect((await call(suite.s, "POST", "/admin/agora/config", suite.seed.admin, config(extra))).statusCode).toBe(200);

  it("starts off; the config's secrets are masked for admins and hidden from everyone else; the mask keeps them", async () => {
    const { s, seed: cast } = suite;
    expect(jsonOk(await call(s, "GET", "/admin/agora/enabled", cast.bob))).toBe(false);
    await configure();
    expect(jsonOk(await call(s, "GET", "/admin/agora/enabled", cast.bob))).toBe(true);
    const read = jsonOk<AgoraConfig>(await call(s, "GET", "/admin/agora/config", cast.admin));
    expect(read).toEqual({ ...config(), app_certificate: "********", rtm_secret: "********" });
    expect(jsonOk(await call(s, "GET", "/admin/agora/config", cast.bob))).toEqual({ enabled: true, url: agora.base, project_id: "", app_id: APP_ID, app_certificate: "", rtm_key: "", rtm_secret: "" });
    // Posting back what was read keeps the secrets; the newer clients' names are accepted too.
    expect((await call(s, "POST", "/admin/agora/config", cast.admin, { ...read, rtm_key: undefined, rtm_secret: undefined, customer_id: "c2", customer_secret: "s2" })).statusCode).toBe(200);
    const stored = JSON.parse((await s.ctx.db.selectFrom("config").select("value").where("key", "=", "agora").executeTakeFirstOrThrow()).value);
    expect(stored).toMatchObject({ app_certificate: CERT, rtm_key: "c2", rtm_secret: "s2" });
  });

  it("400 for a malformed config, or turning it on without an app id and certificate; nothing stored", async () => {
    const { s, seed: cast } = suite;
    for (const body of [{}, config({ app_id: "xyz" }), config({ app_certificate: "short" }), config({ enabled: "yes" }), config({ url: "ftp://x" }), config({ app_id: "" }), config({ app_certificate: "" })]) {
      expect((await call(s, "POST", "/admin/agora/config", cast.admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await s.ctx.db.selectFrom("config").select("value").where("key", "=", "agora").executeTakeFirst()).toBeUndefined();
  });

  it("who may read and change the config, and ask whether calls are on", async () => {
    const { s, seed: cast } = suite;
    await expectMatrix(cast, (who) => call(s, "GET", "/admin/agora/enabled", who), { anonymous: 401, guest: 200, member: 200, admin: 200 });
    await expectMatrix(cast, (who) => call(s, "GET", "/admin/agora/config", who), { anonymous: 401, guest: 200, member: 200, admin: 200 });
    await expectMatrix(cast, (who) => call(s, "POST", "/admin/agora/config", who, config()), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(cast, (who) => call(s, "GET", "/admin/agora/usages?from_date=2026-11-01&to_date=2026-11-02", who), { anonymous: 401, member: 403, admin: 200 });
  });

  it("a channel call's token validates with Agora's checker, for a member; 503 unconfigured, 404 unseen, 403 guest", async () => {
    const { s, seed: cast } = suite;
    const team = await buildChannel(s, cast.bob, { name: "team", members: [cast.carol.uid] });
    expect((await call(s, "GET", `/group/${team}/agora_token`, cast.bob)).statusCode).toBe(503);
    await configure();
    const answer = jsonOk<AgoraTokenResponse>(await call(s, "GET", `/group/${team}/agora_token`, cast.bob));
    expect(answer).toMatchObject({ app_id: APP_ID, uid: cast.bob.uid, channel_name: `vocechat:group:${team}`, expired_in: 86_400 });
    const token = new AccessToken2();
    expect(token.from_string(answer.agora_token)).toBe(true);
    expect(token.verifySignature(CERT)).toBe(true);
    expect(token.verifySignature(CERT.replace("f", "0"))).toBe(false);
    expect(String(token.appId)).toBe(APP_ID);
    const rtc = token.services[0];
    expect([String(rtc.__channel_name), String(rtc.__uid)]).toEqual([`vocechat:group:${team}`, String(cast.bob.uid)]);
    // The same through POST /admin/agora/token.
    expect(jsonOk<AgoraTokenResponse>(await call(s, "POST", "/admin/agora/token", cast.carol, { gid: team })).channel_name).toBe(`vocechat:group:${team}`);
    expect((await call(s, "GET", `/group/${team}/agora_token`, cast.otto)).statusCode).toBe(404);
    expect((await call(s, "GET", `/group/${team}/agora_token`, cast.guest)).statusCode).toBe(403);
    expect((await call(s, "GET", `/group/999/agora_token`, cast.bob)).statusCode).toBe(404);
    expect((await call(s, "GET", `/group/${team}/agora_token`)).statusCode).toBe(401);
  });

  it("a DM call has one name from either side; a block refuses it; bad bodies are 400", async () => {
    const { s, seed: cast } = suite;
    await configure();
    const fromBob = jsonOk<AgoraTokenResponse>(await call(s, "POST", "/admin/agora/token", cast.bob, { uid: cast.carol.uid }));
    const fromCarol = jsonOk<AgoraTokenResponse>(await call(s, "POST", "/admin/agora/token", cast.carol, { uid: cast.bob.uid }));
    const lo = Math.min(cast.bob.uid, cast.carol.uid);
    const hi = Math.max(cast.bob.uid, cast.carol.uid);
    expect(fromBob.channel_name).toBe(`vocechat:dm:${lo}:${hi}`);
    expect(fromCarol.channel_name).toBe(fromBob.channel_name);
    expect(fromCarol.uid).toBe(cast.carol.uid);
    await call(s, "POST", "/user/update_contact_status", cast.carol, { target_uid: cast.bob.uid, action: "block" });
    expect((await call(s, "POST", "/admin/agora/token", cast.bob, { uid: cast.carol.uid })).statusCode).toBe(403);
    expect((await call(s, "POST", "/admin/agora/token", cast.bob, { uid: cast.bot.uid })).statusCode).toBe(403);
    expect((await call(s, "POST", "/admin/agora/token", cast.bob, { uid: cast.bob.uid })).statusCode).toBe(404);
    expect((await call(s, "POST", "/admin/agora/token", cast.bob, { uid: 9_999 })).statusCode).toBe(404);
    for (const body of [{}, { uid: "x" }, { gid: 1, uid: 2 }, { gid: -1 }]) {
      expect((await call(s, "POST", "/admin/agora/token", cast.bob, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("lists the calls going on now from Agora's REST API, only those the caller may know about", async () => {
    const { s, seed: cast } = suite;
    await configure();
    const team = await buildChannel(s, cast.bob, { name: "team", members: [cast.carol.uid] });
    const general = await buildChannel(s, cast.admin, { name: "general", is_public: true });
    const dm = `vocechat:dm:${Math.min(cast.bob.uid, cast.carol.uid)}:${Math.max(cast.bob.uid, cast.carol.uid)}`;
    agora.respond((req) =>
      req.url.startsWith(`/dev/v1/channel/user/`)
        ? { status: 200, body: { success: true, data: { channel_exist: true, mode: 1, total: 2, users: [cast.bob.uid, cast.carol.uid] } } }
        : req.url.startsWith("/dev/v3/usage")
          ? { status: 200, body: { usages: [{ date: 1_764_000_000_000, usage: { duration_audio_all: 12, duration_video_hd: 3, duration_video_hdp: 0 } }] } }
          : { status: 200, body: { success: true, data: { channels: [{ channel_name: `vocechat:group:${team}`, user_count: 2 }, { channel_name: `vocechat:group:${general}`, user_count: 1 }, { channel_name: dm, user_count: 2 }, { channel_name: "other-app", user_count: 5 }], total_size: 4 } } },
    );
    const names = (list: { data: { channels: { channel_name: string }[] } }) => list.data.channels.map((c) => c.channel_name);
    expect(names(jsonOk(await call(s, "GET", "/admin/agora/channel/0/1000", cast.carol)))).toEqual([`vocechat:group:${team}`, `vocechat:group:${general}`, dm]);
    expect(names(jsonOk(await call(s, "GET", "/admin/agora/channel/0/100", cast.otto)))).toEqual([`vocechat:group:${general}`]);
    const listing = agora.requests.find((r) => r.url.startsWith("/dev/v1/channel/"))!;
    expect(listing.url).toBe(`/dev/v1/channel/${APP_ID}?page_no=0&page_size=500`);
    expect(listing.headers.authorization).toBe(`Basic ${Buffer.from("cust:cust-secret").toString("base64")}`);

    expect(jsonOk(await call(s, "GET", `/admin/agora/channel/user/${encodeURIComponent(dm)}/false`, cast.bob))).toEqual({ success: true, data: { channel_exist: true, users: [cast.bob.uid, cast.carol.uid] } });
    expect((await call(s, "GET", `/admin/agora/channel/user/${encodeURIComponent(dm)}/false`, cast.otto)).statusCode).toBe(404);
    expect(jsonOk<AgoraUsages>(await call(s, "GET", "/admin/agora/usages?from_date=2026-11-01&to_date=2026-11-02", cast.admin)).usages[0].usage.duration_audio_all).toBe(12);
    expect(agora.requests.at(-1)!.url).toBe("/dev/v3/usage?project_id=proj&from_date=2026-11-01&to_date=2026-11-02&business=default");
    expect((await call(s, "GET", "/admin/agora/usages?from_date=yesterday&to_date=2026-11-02", cast.admin)).statusCode).toBe(400);
    // Agora failing is a 502 that says so, not a 500.
    agora.respond(() => ({ status: 500, body: "oops" }));
    expect((await call(s, "GET", "/admin/agora/channel/0/100", cast.bob)).statusCode).toBe(502);
  });

  it("VoceSpace: stored with its password masked; admins change it; the health check asks the address", async () => {
    const { s, seed: cast } = suite;
    expect(jsonOk(await call(s, "GET", "/admin/vocespace/config", cast.bob))).toEqual({ enabled: false, url: "", license: "", password: "", server_type: "vps", additional_domains: {} });
    const body = { enabled: true, url: agora.base, license: "lic", password: "redis-pw", server_type: "vps", additional_domains: { "https://b.example": true } };
    await expectMatrix(cast, (who) => call(s, "POST", "/admin/vocespace/config", who, body), { anonymous: 401, member: 403, admin: 200 });
    expect(jsonOk(await call(s, "GET", "/admin/vocespace/config", cast.admin))).toEqual({ ...body, password: "********", license: "********" });
    expect(jsonOk(await call(s, "GET", "/admin/vocespace/config", cast.bob))).toMatchObject({ enabled: true, url: agora.base, password: "", license: "" });
    expect((await call(s, "POST", "/admin/vocespace/config", cast.admin, { ...body, url: "" })).statusCode).toBe(400);
    agora.respond(() => ({ status: 200, body: "ok" }));
    expect(jsonOk(await call(s, "GET", `/admin/vocespace/health/${encodeURIComponent(agora.base)}`, cast.admin))).toBe(true);
    expect(jsonOk(await call(s, "GET", `/admin/vocespace/health/${encodeURIComponent("http://127.0.0.1:1")}`, cast.admin))).toBe(false);
    expect((await call(s, "GET", `/admin/vocespace/health/${encodeURIComponent(agora.base)}`, cast.bob)).statusCode).toBe(403);
  });
});
