import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { buildCast } from "../../test/factories.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { startHttpRecorder, type HttpRecorder } from "../../test/httpRecorder.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

/** The notification channel routes (docs/API.md "Notification channels"). */
describe.each(dialects())("notification channel routes (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true }, seed: buildCast });
  let svc: HttpRecorder;
  beforeEach(async () => {
    svc = await startHttpRecorder(() => ({ status: 204 }));
  });
  afterEach(() => svc?.close());

  const enable = async (s: TestServer, admin: Session, channel_type: string, enabled = true) => {
    const res = await call(s, "POST", "/admin/notification/channel-types", admin, { channel_type, enabled });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const discord = (extra: object = {}) => ({
    channel_type: "discord",
    name: "My Discord",
    enabled: true,
    config: { webhook_url: `${svc.base}/api/webhooks/1/secret-token`, username: "Parley" },
    trigger_on_all_messages: false,
    trigger_on_mentions: true,
    trigger_on_groups: [3, 4],
    skip_when_online: true,
    ...extra,
  });
  const storedConfig = async (s: TestServer, id: number) =>
    JSON.parse((await s.ctx.db.selectFrom("notification_channels").select("config").where("id", "=", id).executeTakeFirstOrThrow()).config) as Record<string, unknown>;
  const rowCount = async (s: TestServer) => (await s.ctx.db.selectFrom("notification_channels").select("id").execute()).length;

  describe("channel types (admin)", () => {
    it("lists, turns on and off, and forgets types; each change is audited", async () => {
      const { s, seed: cast } = suite;
      expect((await call(s, "GET", "/admin/notification/channel-types", cast.admin)).json()).toEqual([]);
      const on = await enable(s, cast.admin, "telegram");
      expect(on).toEqual({ id: expect.any(Number), channel_type: "telegram", enabled: true, created_at: expect.any(Number), updated_at: expect.any(Number) });
      const off = await enable(s, cast.admin, "telegram", false);
      expect(off).toMatchObject({ id: on.id, enabled: false, created_at: on.created_at });
      await enable(s, cast.admin, "matrix");
      expect((await call(s, "GET", "/admin/notification/channel-types", cast.admin)).json().map((t: { channel_type: string; enabled: boolean }) => [t.channel_type, t.enabled])).toEqual([
        ["telegram", false],
        ["matrix", true],
      ]);
      expect((await call(s, "DELETE", "/admin/notification/channel-types/matrix", cast.admin)).statusCode).toBe(200);
      await expectStatuses({
        "delete again": [() => call(s, "DELETE", "/admin/notification/channel-types/matrix", cast.admin), 200],
        "delete unknown type": [() => call(s, "DELETE", "/admin/notification/channel-types/slack", cast.admin), 400],
        "unknown type": [() => call(s, "POST", "/admin/notification/channel-types", cast.admin, { channel_type: "slack", enabled: true }), 400],
        "wecom is spelled wecombot": [() => call(s, "POST", "/admin/notification/channel-types", cast.admin, { channel_type: "wecom", enabled: true }), 400],
        "no enabled": [() => call(s, "POST", "/admin/notification/channel-types", cast.admin, { channel_type: "bark" }), 400],
      });
      expect((await call(s, "GET", "/admin/notification/channel-types", cast.admin)).json()).toHaveLength(1);
      const audit = await s.ctx.db.selectFrom("audit_log").select("action").where("action", "=", "settings.notification_channel_types").execute();
      expect(audit).toHaveLength(4);
    });

    it("admins only", async () => {
      const { s, seed: cast } = suite;
      const admins = { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/notification/channel-types", who), admins);
      await expectMatrix(cast, (who) => call(s, "POST", "/admin/notification/channel-types", who, { channel_type: "bark", enabled: true }), admins);
      await expectMatrix(cast, async (who) => {
        await enable(s, cast.admin, "bark");
        return call(s, "DELETE", "/admin/notification/channel-types/bark", who);
      }, admins);
    });
  });

  describe("available types and schemas", () => {
    it("lists only the types an admin turned on, with their forms (secrets not marked)", async () => {
      const { s, seed: cast } = suite;
      expect((await call(s, "GET", "/user/notification/available-types", cast.bob)).json()).toEqual([]);
      await enable(s, cast.admin, "gotify");
      await enable(s, cast.admin, "bark");
      await enable(s, cast.admin, "telegram", false);
      expect((await call(s, "GET", "/user/notification/available-types", cast.bob)).json()).toEqual([
        { id: "bark", name: "Bark", description: expect.any(String) },
        { id: "gotify", name: "Gotify", description: expect.any(String) },
      ]);
      const schemas = (await call(s, "GET", "/user/notification/schemas", cast.bob)).json();
      expect(schemas.map((x: { type: string }) => x.type)).toEqual(["bark", "gotify"]);
      expect(schemas[1].fields).toEqual([
        { name: "server_url", type: "url", label: "Server URL", required: true, placeholder: "https://gotify.example.com" },
        { name: "app_token", type: "text", label: "App Token", required: true, description: expect.any(String) },
        { name: "priority", type: "number", label: "Priority", required: false, placeholder: "5", description: "0 to 10" },
      ]);
    });

    it("members and admins; guests and bots get no notifications", async () => {
      const { s, seed: cast } = suite;
      const users = { anonymous: 401, guest: 403, member: 200, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/user/notification/available-types", who), users);
      await expectMatrix(cast, (who) => call(s, "GET", "/user/notification/schemas", who), users);
      await expectMatrix(cast, (who) => call(s, "GET", "/user/notification/channels", who), users);
    });
  });

  describe("a user's channels", () => {
    it("creates, lists, updates and deletes; secrets answer masked and the mask keeps them", async () => {
      const { s, seed: cast } = suite;
      await enable(s, cast.admin, "discord");
      const created = await call(s, "POST", "/user/notification/channels", cast.bob, discord());
      expect(created.statusCode, created.body).toBe(200);
      const channel = created.json();
      expect(channel).toEqual({
        id: expect.any(Number),
        user_id: cast.bob.uid,
        channel_type: "discord",
        name: "My Discord",
        enabled: true,
        config: { webhook_url: "********", username: "Parley" },
        trigger_on_all_messages: false,
        trigger_on_mentions: true,
        trigger_on_groups: [3, 4],
        skip_when_online: true,
        rate_limit_rps: null,
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      });
      expect((await call(s, "GET", "/user/notification/channels", cast.bob)).json()).toEqual([channel]);
      expect((await call(s, "GET", "/user/notification/channels", cast.carol)).json()).toEqual([]);

      // The client sends back what it read (the update DTO carries the id too).
      const updated = await call(s, "PUT", `/user/notification/channels/${channel.id}`, cast.bob, { ...channel, name: "Renamed", rate_limit_rps: 2 });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ id: channel.id, name: "Renamed", rate_limit_rps: 2, config: { webhook_url: "********" } });
      expect(await storedConfig(s, channel.id)).toEqual({ webhook_url: `${svc.base}/api/webhooks/1/secret-token`, username: "Parley" });
      await call(s, "PUT", `/user/notification/channels/${channel.id}`, cast.bob, discord({ config: { webhook_url: `${svc.base}/api/webhooks/2/new` } }));
      expect(await storedConfig(s, channel.id)).toEqual({ webhook_url: `${svc.base}/api/webhooks/2/new` });

      // Someone else's channel is not there for them.
      await expectStatuses({
        "carol updates": [() => call(s, "PUT", `/user/notification/channels/${channel.id}`, cast.carol, discord()), 404],
        "carol deletes": [() => call(s, "DELETE", `/user/notification/channels/${channel.id}`, cast.carol), 404],
        "carol tests": [() => call(s, "POST", `/user/notification/channels/${channel.id}/test`, cast.carol), 404],
        "admin deletes": [() => call(s, "DELETE", `/user/notification/channels/${channel.id}`, cast.admin), 404],
        "unknown id": [() => call(s, "DELETE", "/user/notification/channels/999999", cast.bob), 404],
        "bad id": [() => call(s, "DELETE", "/user/notification/channels/abc", cast.bob), 400],
      });
      expect((await call(s, "DELETE", `/user/notification/channels/${channel.id}`, cast.bob)).statusCode).toBe(200);
      expect((await call(s, "GET", "/user/notification/channels", cast.bob)).json()).toEqual([]);
    });

    it("400 for a config its type does not take; nothing is stored", async () => {
      const { s, seed: cast } = suite;
      for (const type of ["discord", "gotify", "custom_json", "matrix", "telegram"]) await enable(s, cast.admin, type);
      const custom = (config: object) => ({ ...discord(), channel_type: "custom_json", config: { webhook_url: `${svc.base}/x`, method: "POST", ...config } });
      const cases: Record<string, unknown> = {
        "no webhook_url": discord({ config: {} }),
        "webhook_url not a URL": discord({ config: { webhook_url: "discord webhook" } }),
        "webhook_url not http": discord({ config: { webhook_url: "file:///etc/passwd" } }),
        "config not an object": discord({ config: "x" }),
        "empty name": discord({ name: "  " }),
        "negative rate": discord({ rate_limit_rps: -1 }),
        "group not an id": discord({ trigger_on_groups: ["general"] }),
        "gotify priority": { ...discord(), channel_type: "gotify", config: { server_url: svc.base, app_token: "t", priority: 11 } },
        "custom method": custom({ method: "DELETE" }),
        "custom headers": custom({ headers: "[1]" }),
        "custom header name": custom({ headers: '{"Bad Header": "x"}' }),
        "custom reserved header": custom({ headers: '{"Host": "x"}' }),
        "custom template": custom({ body_template: '{"text": {{body}}}' }),
        "matrix room": { ...discord(), channel_type: "matrix", config: { homeserver_url: svc.base, access_token: "t", room_id: "room" } },
        "telegram token": { ...discord(), channel_type: "telegram", config: { bot_token: "1:a/../../x?", chat_id: "1" } },
        "telegram parse mode": { ...discord(), channel_type: "telegram", config: { bot_token: "1:a", chat_id: "1", parse_mode: "BBCode" } },
        "unknown type": { ...discord(), channel_type: "slack" },
      };
      const got = Object.fromEntries(await Promise.all(Object.entries(cases).map(async ([name, body]) => [name, (await call(s, "POST", "/user/notification/channels", cast.bob, body)).statusCode])));
      expect(got).toEqual(Object.fromEntries(Object.keys(cases).map((name) => [name, 400])));
      expect(await rowCount(s)).toBe(0);
      const named = await call(s, "POST", "/user/notification/channels", cast.bob, custom({ headers: "[1]" }));
      expect(named.body).toBe("config.headers: expected a JSON object");
    });

    it("403 for a type the admin has not turned on (create, test); its channels can still be edited and deleted", async () => {
      const { s, seed: cast } = suite;
      expect((await call(s, "POST", "/user/notification/channels", cast.bob, discord())).statusCode).toBe(403);
      await enable(s, cast.admin, "discord");
      const channel = (await call(s, "POST", "/user/notification/channels", cast.bob, discord())).json();
      await enable(s, cast.admin, "discord", false);
      await expectStatuses({
        test: [() => call(s, "POST", `/user/notification/channels/${channel.id}/test`, cast.bob), 403],
        "edit to another type that is off": [() => call(s, "PUT", `/user/notification/channels/${channel.id}`, cast.bob, { ...discord(), channel_type: "bark", config: { server_url: svc.base, device_key: "k" } }), 403],
        "turn it off": [() => call(s, "PUT", `/user/notification/channels/${channel.id}`, cast.bob, discord({ enabled: false, config: { webhook_url: "********" } })), 200],
        delete: [() => call(s, "DELETE", `/user/notification/channels/${channel.id}`, cast.bob), 200],
      });
      expect(svc.requests).toEqual([]);
    });

    it("an account's channels go with it", async () => {
      const { s, seed: cast } = suite;
      await enable(s, cast.admin, "discord");
      await call(s, "POST", "/user/notification/channels", cast.bob, discord());
      await call(s, "POST", "/user/notification/channels", cast.carol, discord());
      expect((await call(s, "DELETE", `/admin/user/${cast.bob.uid}`, cast.admin)).statusCode).toBe(200);
      expect((await s.ctx.db.selectFrom("notification_channels").select("uid").execute()).map((r) => r.uid)).toEqual([cast.carol.uid]);
    });

    it("at most 20 channels each", async () => {
      const { s, seed: cast } = suite;
      await enable(s, cast.admin, "discord");
      for (let i = 0; i < 20; i++) expect((await call(s, "POST", "/user/notification/channels", cast.bob, discord({ name: `d${i}` }))).statusCode).toBe(200);
      expect((await call(s, "POST", "/user/notification/channels", cast.bob, discord())).statusCode).toBe(400);
      expect((await call(s, "POST", "/user/notification/channels", cast.carol, discord())).statusCode).toBe(200);
    });

    it("test: 200 when the service took the message, 502 with what it answered otherwise", async () => {
      const { s, seed: cast } = suite;
      await enable(s, cast.admin, "discord");
      const channel = (await call(s, "POST", "/user/notification/channels", cast.bob, discord({ enabled: false }))).json();
      const ok = await call(s, "POST", `/user/notification/channels/${channel.id}/test`, cast.bob);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: "HTTP 204" });
      expect(svc.requests).toHaveLength(1);
      expect(svc.requests[0].json).toMatchObject({ content: expect.stringContaining("This is a test notification from Parley."), allowed_mentions: { parse: [] } });

      svc.respond(() => ({ status: 401, body: { message: "401: Unauthorized", code: 0 } }));
      const refused = await call(s, "POST", `/user/notification/channels/${channel.id}/test`, cast.bob);
      expect(refused.statusCode).toBe(502);
      expect(refused.body).toBe('The discord service did not take the message: HTTP 401: {"message":"401: Unauthorized","code":0}');
    });

    it("test: at most 10 a minute per user (429 with Retry-After)", async () => {
      const { s, seed: cast } = suite;
      await enable(s, cast.admin, "discord");
      const channel = (await call(s, "POST", "/user/notification/channels", cast.bob, discord())).json();
      for (let i = 0; i < 10; i++) expect((await call(s, "POST", `/user/notification/channels/${channel.id}/test`, cast.bob)).statusCode).toBe(200);
      const refused = await call(s, "POST", `/user/notification/channels/${channel.id}/test`, cast.bob);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(svc.requests).toHaveLength(10);
      // Someone else's count is their own.
      const carols = (await call(s, "POST", "/user/notification/channels", cast.carol, discord())).json();
      expect((await call(s, "POST", `/user/notification/channels/${carols.id}/test`, cast.carol)).statusCode).toBe(200);
    });

    it("who may manage channels", async () => {
      const { s, seed: cast } = suite;
      await enable(s, cast.admin, "discord");
      const users = { anonymous: 401, guest: 403, member: 200, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "POST", "/user/notification/channels", who, discord()), users);
      const own = async (who: Session | null) => {
        const owner = who ?? cast.bob;
        const made = await call(s, "POST", "/user/notification/channels", owner, discord());
        return made.statusCode === 200 ? (made.json() as { id: number }).id : 1;
      };
      await expectMatrix(cast, async (who) => call(s, "PUT", `/user/notification/channels/${await own(who)}`, who, discord()), users);
      await expectMatrix(cast, async (who) => call(s, "POST", `/user/notification/channels/${await own(who)}/test`, who), users);
      await expectMatrix(cast, async (who) => call(s, "DELETE", `/user/notification/channels/${await own(who)}`, who), users);
    });
  });
});
