import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { buildCast, buildDevice, buildMessage } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { startHttpRecorder, type HttpRecorder, type RecordedRequest } from "../../test/httpRecorder.js";
import { expectMatrix } from "../../test/matrix.js";
import { pending } from "../../test/notifications.js";
import { useSuite } from "../../test/suite.js";
import { FCM_SCOPE } from "./oauth.js";
import { fcmPath } from "./index.js";

/** FCM for the mobile apps (docs/NOTIFICATIONS.md "FCM", docs/API.md "FCM"), against a local token URL and FCM API. */
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const CLIENT_EMAIL = "parley@parley-test.iam.gserviceaccount.com";
const PROJECT = "parley-test";

describe.each(dialects())("FCM (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true }, seed: buildCast });
  let google: HttpRecorder;
  let sendStatus: (token: string) => { status: number; body?: unknown };

  beforeEach(async () => {
    sendStatus = () => ({ status: 200, body: { name: `projects/${PROJECT}/messages/1` } });
    google = await startHttpRecorder((req) => {
      if (req.url === "/token") return { status: 200, body: { access_token: "ya29.parley", expires_in: 3599, token_type: "Bearer" } };
      return sendStatus((req.json as { message: { token: string } }).message.token);
    });
  });
  afterEach(() => google?.close());

  const configBody = (extra: object = {}) => ({
    enabled: true,
    use_official: false,
    token_url: `${google.base}/token`,
    send_url: google.base,
    project_id: PROJECT,
    // As pasted from the service account's JSON file: `\n` escapes, not line breaks.
    private_key: privateKey.replaceAll("\n", "\\n"),
    client_email: CLIENT_EMAIL,
    ...extra,
  });
  const configure = async (s: TestServer, admin: Session, extra: object = {}) => expect((await call(s, "POST", "/admin/fcm/config", admin, configBody(extra))).statusCode).toBe(200);
  const setToken = async (s: TestServer, who: Session, token: string | null) =>
    expect((await call(s, "PUT", "/token/device_token", who, { device_token: token })).statusCode).toBe(200);
  const tokenOf = async (s: TestServer, who: Session) =>
    (await s.ctx.db.selectFrom("devices").select("device_token").where("uid", "=", who.uid).where("device", "=", who.device).executeTakeFirstOrThrow()).device_token;
  const sends = () => google.requests.filter((r) => r.url !== "/token");
  /** FCM configured, and Bob with two devices: this session's ("token-web") and a phone with `phoneToken`. */
  async function bobsTwoDevices(s: TestServer, phoneToken: string) {
    const cast = suite.seed;
    await configure(s, cast.admin);
    const phone = await buildDevice(s, cast.bob, "android:1");
    await setToken(s, cast.bob, "token-web");
    await setToken(s, phone, phoneToken);
    return phone;
  }

  it("exchanges a JWT signed with the service account's key for a token, then sends one HTTP v1 message per device", async () => {
    const { s, seed: cast } = suite;
    await bobsTwoDevices(s, "token-phone");
    const dm = pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" });
    const file = pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" }, { gid: 7, channelName: "team", kind: "file", preview: null });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [dm, file])).toEqual(["sent", "sent"]);

    const [exchange] = google.requests;
    expect(exchange.method).toBe("POST");
    expect(exchange.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(exchange.body);
    expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const assertion = form.get("assertion") ?? "";
    expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: "RS256", typ: "JWT" });
    const { payload } = await jwtVerify(assertion, await importSPKI(publicKey, "RS256"), { issuer: CLIENT_EMAIL, audience: `${google.base}/token` });
    expect(payload.scope).toBe(FCM_SCOPE);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);

    const got = sends();
    expect(got).toHaveLength(4);
    for (const req of got) {
      expect(req.method).toBe("POST");
      expect(req.url).toBe(`/v1/projects/${PROJECT}/messages:send`);
      expect(req.headers.authorization).toBe("Bearer ya29.parley");
      expect(req.headers["content-type"]).toMatch(/^application\/json/);
    }
    const bodies = got.map((r) => r.json as { message: { token: string } });
    expect(bodies.map((b) => b.message.token).sort()).toEqual(["token-phone", "token-phone", "token-web", "token-web"]);
    const serverId = s.ctx.keys.server_id;
    expect(bodies[0].message).toEqual({
      token: expect.any(String),
      notification: { title: "Carol", body: "hello there" },
      data: { vocechat_server_id: serverId, vocechat_from_uid: String(cast.carol.uid), vocechat_to_uid: String(cast.carol.uid) },
    });
    expect(bodies[3].message).toEqual({
      token: expect.any(String),
      notification: { title: "team", body: "You have a new file" },
      data: { vocechat_server_id: serverId, vocechat_from_uid: String(cast.carol.uid), vocechat_to_gid: "7" },
    });

    // The access token is kept: a second delivery asks the token URL nothing.
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" }, { preview: null })])).toEqual(["sent"]);
    expect(google.requests.filter((r) => r.url === "/token")).toHaveLength(1);
    expect((sends().at(-1)?.json as { message: { notification: object } }).message.notification).toEqual({ title: "Carol", body: "You have a new message" });
  });

  it("clears a token FCM no longer knows (404 UNREGISTERED); 5xx is retried, 400 dropped", async () => {
    const { s, seed: cast } = suite;
    const phone = await bobsTwoDevices(s, "token-gone");
    sendStatus = (token) => (token === "token-gone" ? { status: 404, body: { error: { code: 404, status: "NOT_FOUND", details: [{ errorCode: "UNREGISTERED" }] } } } : { status: 200, body: {} });
    const n = pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n, n])).toEqual(["sent", "sent"]);
    expect(await tokenOf(s, phone)).toBeNull();
    expect(await tokenOf(s, cast.bob)).toBe("token-web");
    // The cleared token is not tried again, in the same batch either.
    expect(sends().filter((r) => (r.json as { message: { token: string } }).message.token === "token-gone")).toHaveLength(1);

    sendStatus = () => ({ status: 503, body: { error: { status: "UNAVAILABLE" } } });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["failed"]);
    sendStatus = () => ({ status: 400, body: { error: { status: "INVALID_ARGUMENT" } } });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["skipped"]);
    expect(await tokenOf(s, cast.bob)).toBe("token-web");
  });

  it("sends nothing while off, on the (absent) official relay, or to a user without a device token; a refusing token URL is a failure", async () => {
    const { s, seed: cast } = suite;
    const n = pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["skipped"]);
    await setToken(s, cast.bob, "token-web");
    await configure(s, cast.admin, { enabled: false });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["skipped"]);
    await configure(s, cast.admin, { use_official: true });
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["skipped"]);
    await configure(s, cast.admin);
    expect(await fcmPath.deliver(s.ctx, cast.carol.uid, [pending(cast.carol.uid, { uid: cast.bob.uid, name: "Bob" })])).toEqual(["skipped"]);
    expect(google.requests).toEqual([]);

    // Another account (so no cached token) whose key Google refuses.
    await configure(s, cast.admin, { client_email: "other@parley-test.iam.gserviceaccount.com" });
    google.respond((req: RecordedRequest) => (req.url === "/token" ? { status: 400, body: { error: "invalid_grant" } } : { status: 200, body: {} }));
    expect(await fcmPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["failed"]);
    expect(sends()).toEqual([]);
  });

  it("reaches only users with a device token, and nobody while FCM does not send", async () => {
    const { s, seed: cast } = suite;
    const everyone = [cast.bob.uid, cast.carol.uid, cast.otto.uid];
    await setToken(s, cast.bob, "token-web");
    await setToken(s, cast.carol, "");
    expect([...(await fcmPath.recipients!(s.ctx, everyone))]).toEqual([]);
    await configure(s, cast.admin);
    expect([...(await fcmPath.recipients!(s.ctx, everyone))]).toEqual([cast.bob.uid]);
  });

  it("through the notification worker: a DM reaches the recipient's phone once, after the delay", async () => {
    const s = await suite.restart({ previewAllowPrivate: true, notifyPollMs: 50, notifyPushDelayMs: 200 });
    const cast = suite.seed;
    await configure(s, cast.admin);
    const phone = await buildDevice(s, cast.bob, "android:1");
    await setToken(s, phone, "token-phone");
    const mid = await buildMessage(s, cast.carol, { uid: cast.bob.uid }, "lunch at 12?");
    await google.waitFor(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(sends().map((r) => r.json)).toEqual([
      {
        message: {
          token: "token-phone",
          notification: { title: "Carol", body: "lunch at 12?" },
          data: { vocechat_server_id: s.ctx.keys.server_id, vocechat_from_uid: String(cast.carol.uid), vocechat_to_uid: String(cast.carol.uid) },
        },
      },
    ]);
    const rows = await s.ctx.db.selectFrom("notify_queue").select(["uid", "mid", "outcome"]).where("path", "=", "fcm").execute();
    expect(rows).toEqual([{ uid: cast.bob.uid, mid, outcome: "sent" }]);
  });

  describe("GET/POST /admin/fcm/config", () => {
    it("defaults to off; the private key never comes back in clear, and posting the mask keeps it", async () => {
      const { s, seed: cast } = suite;
      const initial = (await call(s, "GET", "/admin/fcm/config", cast.admin)).json();
      assertMatches("FcmConfigObject", initial);
      expect(initial).toEqual({ enabled: false, use_official: true, token_url: "https://oauth2.googleapis.com/token", send_url: "https://fcm.googleapis.com", project_id: "", private_key: "", client_email: "" });

      await configure(s, cast.admin);
      const read = (await call(s, "GET", "/admin/fcm/config", cast.admin)).json();
      expect(read).toEqual({ ...configBody(), private_key: "********" });
      const stored = async () => JSON.parse((await s.ctx.db.selectFrom("config").select("value").where("key", "=", "fcm").executeTakeFirstOrThrow()).value) as { private_key: string; project_id: string };
      expect((await stored()).private_key).toBe(privateKey.trim());

      expect((await call(s, "POST", "/admin/fcm/config", cast.admin, { ...read, project_id: "other-project" })).statusCode).toBe(200);
      expect(await stored()).toMatchObject({ private_key: privateKey.trim(), project_id: "other-project" });
      expect((await call(s, "POST", "/admin/fcm/config", cast.admin, { ...read, enabled: false, private_key: "" })).statusCode).toBe(200);
      expect((await call(s, "GET", "/admin/fcm/config", cast.admin)).json().private_key).toBe("");
      const audit = await s.ctx.db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "settings.fcm").execute();
      expect(audit).toHaveLength(3);
      expect(audit.map((a) => a.detail).join()).not.toContain("PRIVATE KEY");
    });

    it("400 for a malformed body, a key that is no RSA private key, a bad URL, or sending without the project's credentials; nothing is stored", async () => {
      const { s, seed: cast } = suite;
      const { privateKey: ecKey } = generateKeyPairSync("ec", { namedCurve: "P-256", privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
      for (const payload of [
        {},
        configBody({ enabled: "yes" }),
        configBody({ private_key: "not a key" }),
        configBody({ private_key: ecKey }),
        configBody({ token_url: "ftp://example.com/token" }),
        configBody({ send_url: "not a url" }),
        configBody({ project_id: "" }),
        configBody({ client_email: "" }),
        configBody({ project_id: "a/b" }),
        configBody({ private_key: "" }),
      ]) {
        expect((await call(s, "POST", "/admin/fcm/config", cast.admin, payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      expect(await s.ctx.db.selectFrom("config").select("key").where("key", "=", "fcm").executeTakeFirst()).toBeUndefined();
    });

    it("admins only", async () => {
      const { s, seed: cast } = suite;
      const admins = { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/fcm/config", who), admins);
      await expectMatrix(cast, (who) => call(s, "POST", "/admin/fcm/config", who, configBody({ enabled: false })), admins);
    });
  });
});
