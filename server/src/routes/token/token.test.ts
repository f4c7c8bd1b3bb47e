import { describe, expect, it } from "vitest";
import { TokenService } from "../../auth/tokens.js";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, login, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { ADMIN, buildAdmin, buildCast, buildMember } from "../../test/factories.js";
import { call, expectBadBodies } from "../../test/api.js";
import { setLoginConfig } from "../../test/identity.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("token routes (%s)", (dialect) => {
  const suite = useSuite(dialect);

  const loginRaw = (payload: unknown) => suite.s.app.inject({ method: "POST", url: "/api/token/login", payload: payload as object });
  const passwordLogin = (email: string, password: string, extra: object = {}) =>
    loginRaw({ credential: { type: "password", email, password }, device: "web:test", device_token: "", ...extra });
  const renew = (token: string, refresh_token: string) =>
    suite.s.app.inject({ method: "POST", url: "/api/token/renew", payload: { token, refresh_token } });
  const me = (token: string) => suite.s.app.inject({ method: "GET", url: "/api/user/me", headers: { "x-api-key": token } });

  /** The first admin without a session (seedAdmin would also log in on a device). */
  async function createAdmin(): Promise<void> {
    const res = await suite.s.app.inject({ method: "POST", url: "/api/admin/system/create_admin", payload: { ...ADMIN, gender: 0 } });
    expect(res.statusCode).toBe(200);
  }

  async function rows(uid: number) {
    const devices = await suite.s.ctx.db.selectFrom("devices").select("device").where("uid", "=", uid).orderBy("device").execute();
    const tokens = await suite.s.ctx.db.selectFrom("refresh_tokens").select("device").where("uid", "=", uid).orderBy("device").execute();
    return { devices: devices.map((d) => d.device), tokens: tokens.map((t) => t.device) };
  }

  describe("POST /api/token/login", () => {
    it("returns a LoginResponse whose token works, and records the device", async () => {
      const { s } = suite;
      await createAdmin();
      const res = await passwordLogin(ADMIN.email, ADMIN.password, { device_token: "fcm-1" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = res.json();
      assertMatches("LoginResponse", body);
      expect(body.server_id).toBe(s.ctx.keys.server_id);
      expect(body.expired_in).toBe(300);
      expect(body.user).toMatchObject({ uid: 1, email: ADMIN.email, name: ADMIN.name, is_admin: true, create_by: "password" });
      expect(body.token).not.toBe(body.refresh_token);
      expect((await me(body.token)).statusCode).toBe(200);
      const device = await s.ctx.db.selectFrom("devices").selectAll().where("uid", "=", 1).where("device", "=", "web:test").executeTakeFirst();
      expect(device?.device_token).toBe("fcm-1");
    });

    it("matches the e-mail case-insensitively and ignores surrounding spaces", async () => {
      await createAdmin();
      const res = await passwordLogin("  ADMIN@Example.COM ", ADMIN.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.uid).toBe(1);
    });

    it("404 for an unknown e-mail, 401 for a wrong password", async () => {
      await createAdmin();
      expect((await passwordLogin("nobody@example.com", ADMIN.password)).statusCode).toBe(404);
      const wrong = await passwordLogin(ADMIN.email, "wrong-pass");
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers["content-type"]).toContain("text/plain");
    });

    it("403 when password login is turned off in the login config", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const config = (await s.app.inject({ method: "GET", url: "/api/admin/login/config" })).json();
      const set = await s.app.inject({
        method: "POST",
        url: "/api/admin/login/config",
        headers: admin.headers,
        payload: { ...config, password: false },
      });
      expect(set.statusCode).toBe(200);
      expect((await passwordLogin(ADMIN.email, ADMIN.password)).statusCode).toBe(403);
      // The existing session is not affected.
      expect((await me(admin.token)).statusCode).toBe(200);
    });

    it("403 for each sign-in method the login config turns off", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const config = (await s.app.inject({ method: "GET", url: "/api/admin/login/config" })).json();
      // Google, GitHub and OIDC: routes/token/idp*.test.ts; MetaMask and passkeys working:
      // metamask.test.ts and passkeys.test.ts. Well-formed credentials, refused while off.
      const b64 = "AAAA";
      const credentials = [
        { type: "metamask", public_address: `0x${"ab".repeat(20)}`, nonce: "n", signature: `0x${"00".repeat(65)}` },
        {
          type: "passkey",
          challenge_id: "c",
          credential: { id: b64, rawId: b64, type: "public-key", response: { clientDataJSON: b64, authenticatorData: b64, signature: b64 }, clientExtensionResults: {} },
        },
      ];
      await s.app.inject({ method: "POST", url: "/api/admin/login/config", headers: admin.headers, payload: { ...config, metamask: false, passkey: false, oidc: [] } });
      for (const credential of credentials) {
        const res = await loginRaw({ credential, device: "web:test" });
        expect(res.statusCode, credential.type).toBe(403);
        expect(res.body).toMatch(/disabled/);
      }
      await s.app.inject({ method: "POST", url: "/api/admin/login/config", headers: admin.headers, payload: { ...config, magic_link: false, third_party: false } });
      expect((await loginRaw({ credential: { type: "magiclink", magic_token: "abc" } })).statusCode).toBe(403);
      expect((await loginRaw({ credential: { type: "thirdparty", key: "k" } })).statusCode).toBe(403);
    });

    it("429 after too many attempts for one e-mail or from one client; other clients and addresses go on", async () => {
      const s = await suite.restart({ rateLimits: { login: { perEmail: 3, perIp: 5 } } });
      await createAdmin();
      for (let i = 0; i < 3; i++) expect((await passwordLogin(ADMIN.email, "wrong-pass")).statusCode).toBe(401);
      const limited = await passwordLogin(ADMIN.email, ADMIN.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
      // The e-mail is limited everywhere; other addresses from this client only until its own limit.
      const fromElsewhere = await s.app.inject({
        method: "POST",
        url: "/api/token/login",
        payload: { credential: { type: "password", email: ADMIN.email, password: ADMIN.password } },
        remoteAddress: "198.51.100.4",
      });
      expect(fromElsewhere.statusCode).toBe(429);
      expect((await passwordLogin("a@example.com", "x")).statusCode).toBe(404);
      expect((await passwordLogin("b@example.com", "x")).statusCode).toBe(404);
      expect((await passwordLogin("c@example.com", "x")).statusCode).toBe(429);
      expect((await loginRaw({ credential: { type: "magiclink", magic_token: "abc" } })).statusCode).toBe(429);
    });

    it("400 for malformed bodies", async () => {
      const { s } = suite;
      await createAdmin();
      await expectBadBodies(s, "/api/token/login", [
        {},
        { credential: { type: "password", email: ADMIN.email } },
        { credential: { type: "password", password: ADMIN.password } },
        { credential: { type: "carrier-pigeon" } },
        { credential: { email: ADMIN.email, password: ADMIN.password } },
        { credential: { type: "password", email: ADMIN.email, password: 123456 } },
        { credential: { type: "password", email: ADMIN.email, password: ADMIN.password }, device: 7 },
      ]);
    });

    it("423 for a frozen user", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      await buildMember(s, admin, "Bob");
      await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("email", "=", "bob@example.com").execute();
      expect((await passwordLogin("bob@example.com", "member-pass")).statusCode).toBe(423);
    });

    it('defaults the device to "unknown" and creates its devices row', async () => {
      const { s } = suite;
      await createAdmin();
      const res = await loginRaw({ credential: { type: "password", email: ADMIN.email, password: ADMIN.password } });
      expect(res.statusCode).toBe(200);
      expect(await rows(1)).toEqual({ devices: ["unknown"], tokens: ["unknown"] });
      const device = await s.ctx.db.selectFrom("devices").selectAll().where("uid", "=", 1).executeTakeFirstOrThrow();
      expect(device.device_token).toBeNull();
    });

    it("keeps one refresh token per (uid, device): logging in again on a device retires the old one", async () => {
      const { s } = suite;
      await createAdmin();
      const first = await login(s, ADMIN.email, ADMIN.password, "web:same");
      const second = await login(s, ADMIN.email, ADMIN.password, "web:same");
      expect(await rows(1)).toEqual({ devices: ["web:same"], tokens: ["web:same"] });
      expect((await renew(first.token, first.refresh_token)).statusCode).toBe(401);
      expect((await renew(second.token, second.refresh_token)).statusCode).toBe(200);
    });
  });

  describe("POST /api/token/renew", () => {
    it("rotates both tokens; the old refresh token is then rejected", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const res = await renew(admin.token, admin.refresh_token);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(["expired_in", "refresh_token", "token"]);
      expect(body.expired_in).toBe(300);
      expect(body.token).not.toBe(admin.token);
      expect(body.refresh_token).not.toBe(admin.refresh_token);
      expect((await me(body.token)).json().uid).toBe(admin.uid);

      expect((await renew(admin.token, admin.refresh_token)).statusCode).toBe(401);
      expect((await renew(body.token, admin.refresh_token)).statusCode).toBe(401);
      // The rotated pair keeps working.
      expect((await renew(body.token, body.refresh_token)).statusCode).toBe(200);
    });

    it("accepts an expired access token", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      // The same server key, but access tokens that are already expired when issued.
      const expiredIssuer = new TokenService(s.ctx.keys.server_key, -60, s.ctx.tokens.refreshTtlS);
      const { token: expired } = await expiredIssuer.issue({ uid: admin.uid, device: admin.device, is_admin: true, is_guest: false });
      expect((await me(expired)).statusCode).toBe(401);
      const res = await renew(expired, admin.refresh_token);
      expect(res.statusCode).toBe(200);
      expect((await me(res.json().token)).statusCode).toBe(200);
    });

    it("401 when the tokens belong to different devices or users", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const otherDevice = await login(s, ADMIN.email, ADMIN.password);
      const bob = await buildMember(s, admin, "Bob");
      expect((await renew(admin.token, otherDevice.refresh_token)).statusCode).toBe(401);
      expect((await renew(otherDevice.token, admin.refresh_token)).statusCode).toBe(401);
      expect((await renew(admin.token, bob.refresh_token)).statusCode).toBe(401);
      expect((await renew(bob.token, admin.refresh_token)).statusCode).toBe(401);
      // An access token is not a refresh token, nor the other way round.
      expect((await renew(admin.token, admin.token)).statusCode).toBe(401);
      expect((await renew(admin.refresh_token, admin.refresh_token)).statusCode).toBe(401);
      // None of the failures consumed a refresh token.
      for (const session of [admin, otherDevice, bob]) {
        expect((await renew(session.token, session.refresh_token)).statusCode).toBe(200);
      }
    });

    it("401 for tokens signed with another key or garbage", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const forger = new TokenService("not-the-server-key", 300, 604_800);
      const forged = await forger.issue({ uid: admin.uid, device: admin.device, is_admin: true, is_guest: false });
      expect((await renew(forged.token, admin.refresh_token)).statusCode).toBe(401);
      expect((await renew(admin.token, forged.refresh_token)).statusCode).toBe(401);
      const garbage = await renew("garbage", "more.garbage.here");
      expect(garbage.statusCode).toBe(401);
      expect(garbage.headers["content-type"]).toContain("text/plain");
    });

    it("carries the account's current role: a demoted admin's renewed token is no longer an admin's", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      await s.app.inject({ method: "PUT", url: `/api/admin/user/${bob.uid}`, headers: admin.headers, payload: { is_admin: true } });
      const promoted = (await renew(bob.token, bob.refresh_token)).json();
      expect((await s.ctx.tokens.verifyAccess(promoted.token))?.is_admin).toBe(true);
      expect((await s.app.inject({ method: "GET", url: "/api/admin/user", headers: { "x-api-key": promoted.token } })).statusCode).toBe(200);
      await s.app.inject({ method: "PUT", url: `/api/admin/user/${bob.uid}`, headers: admin.headers, payload: { is_admin: false } });
      const demoted = (await renew(promoted.token, promoted.refresh_token)).json();
      expect((await s.ctx.tokens.verifyAccess(demoted.token))?.is_admin).toBe(false);
      expect((await s.app.inject({ method: "GET", url: "/api/admin/user", headers: { "x-api-key": demoted.token } })).statusCode).toBe(403);
    });

    it("401 for a frozen user", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("uid", "=", bob.uid).execute();
      expect((await renew(bob.token, bob.refresh_token)).statusCode).toBe(401);
    });

    it("400 for missing fields", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      for (const payload of [{}, { token: admin.token }, { refresh_token: admin.refresh_token }, { token: "", refresh_token: "" }]) {
        const res = await s.app.inject({ method: "POST", url: "/api/token/renew", payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  describe("GET /api/token/logout", () => {
    it("401 without a valid token", async () => {
      const { s } = suite;
      expect((await s.app.inject({ method: "GET", url: "/api/token/logout" })).statusCode).toBe(401);
      const bad = await s.app.inject({ method: "GET", url: "/api/token/logout", headers: { "x-api-key": "nope" } });
      expect(bad.statusCode).toBe(401);
    });

    it("forgets only this device's session; its refresh token no longer renews", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const other: Session = await login(s, ADMIN.email, ADMIN.password);
      const bob = await buildMember(s, admin, "Bob");
      expect((await rows(admin.uid)).devices).toEqual([admin.device, other.device].sort());

      const res = await s.app.inject({ method: "GET", url: "/api/token/logout", headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");

      expect(await rows(admin.uid)).toEqual({ devices: [other.device], tokens: [other.device] });
      expect(await rows(bob.uid)).toEqual({ devices: [bob.device], tokens: [bob.device] });
      expect((await renew(admin.token, admin.refresh_token)).statusCode).toBe(401);
      expect((await renew(other.token, other.refresh_token)).statusCode).toBe(200);
      expect((await renew(bob.token, bob.refresh_token)).statusCode).toBe(200);
    });
  });

  describe("GET /api/token/credentials", () => {
    it("tells whether the account has a password; no OAuth bindings exist", async () => {
      const { s } = suite;
      const cast = await buildCast(s, { passwords: true });
      const res = await call(s, "GET", "/token/credentials", cast.bob);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      assertMatches("CredentialsResponse", res.json());
      expect(res.json()).toEqual({ password: true, google: null, metamask: null, oidc: [] });
      expect((await call(s, "GET", "/token/credentials", cast.bot)).json().password).toBe(false);
      expect((await call(s, "GET", "/token/credentials", cast.guest)).json().password).toBe(false);
      await expectMatrix(cast, (who) => call(s, "GET", "/token/credentials", who), { anonymous: 401, guest: 200, member: 200, bot: 200, admin: 200 });
    });
  });

  describe("third-party bridge", () => {
    const createKey = (secret: string | null, body: object = { userid: "ext-42", username: "Zoe" }) =>
      call(suite.s, "POST", "/token/create_third_party_key", null, body, secret === null ? {} : { "x-secret": secret });
    const thirdPartyLogin = (key: string, device = "web:tp") => loginRaw({ credential: { type: "thirdparty", key }, device });

    it("a key from the secret logs in once, creating the mapped user on first use and finding it after", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      await setLoginConfig(s, admin, { third_party: true });
      const secret = (await call(s, "GET", "/admin/system/third_party_secret", admin)).body;
      const res = await createKey(secret);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const key = res.json();
      expect(typeof key).toBe("string");

      const first = await thirdPartyLogin(key);
      expect(first.statusCode).toBe(200);
      assertMatches("LoginResponse", first.json());
      expect(first.json().user).toMatchObject({ name: "Zoe", email: null, create_by: "thirdparty", is_admin: false });
      expect((await thirdPartyLogin(key)).statusCode).toBe(401);

      const second = await thirdPartyLogin((await createKey(secret)).json());
      expect(second.json().user.uid).toBe(first.json().user.uid);
      // Another external user with a taken name gets a free one.
      const other = await thirdPartyLogin((await createKey(secret, { userid: "ext-43", username: "Zoe" })).json());
      expect(other.json().user).toMatchObject({ name: "Zoe2", create_by: "thirdparty" });
    });

    it("403 for a wrong secret, 400 without X-SECRET or with a bad body; a regenerated secret replaces the old", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const secret = (await call(s, "GET", "/admin/system/third_party_secret", admin)).body;
      expect((await createKey("wrong")).statusCode).toBe(403);
      expect((await createKey(null)).statusCode).toBe(400);
      for (const body of [{}, { userid: "x" }, { username: "x" }, { userid: "", username: "x" }, { userid: "x", username: "y".repeat(33) }]) {
        expect((await createKey(secret, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const fresh = (await call(s, "POST", "/admin/system/third_party_secret", admin)).body;
      expect(fresh).not.toBe(secret);
      expect((await createKey(secret)).statusCode).toBe(403);
      expect((await createKey(fresh)).statusCode).toBe(200);
    });

    it("keys expire after 2 minutes; third-party login needs the login config switch; frozen users get 423", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const secret = (await call(s, "GET", "/admin/system/third_party_secret", admin)).body;
      const key = (await createKey(secret)).json();
      expect((await thirdPartyLogin(key)).statusCode).toBe(403);
      await setLoginConfig(s, admin, { third_party: true });
      const row = await s.ctx.db.selectFrom("magic_tokens").selectAll().where("kind", "=", "thirdparty").executeTakeFirstOrThrow();
      expect(row.expires_at - row.created_at).toBe(120_000);
      const zoe = (await thirdPartyLogin(key)).json().user.uid;
      await call(s, "PUT", `/admin/user/${zoe}`, admin, { status: "frozen" });
      expect((await thirdPartyLogin((await createKey(secret)).json())).statusCode).toBe(423);
      const late = (await createKey(secret)).json();
      await s.ctx.db.updateTable("magic_tokens").set({ expires_at: Date.now() - 1 }).execute();
      await call(s, "PUT", `/admin/user/${zoe}`, admin, { status: "normal" });
      expect((await thirdPartyLogin(late)).statusCode).toBe(401);
      expect((await thirdPartyLogin("garbage")).statusCode).toBe(401);
    });
  });

  describe("freeze", () => {
    it("a frozen account cannot log in (423) or renew (401); its streams are kicked with `frozen`", async () => {
      const { s } = suite;
      await s.listen();
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const phone = await login(s, "bob@example.com", "member-pass", "phone");
      const streams = [await openEvents(s.url, { "api-key": bob.token }), await openEvents(s.url, { "api-key": phone.token })];
      for (const c of streams) await c.waitFor((e) => e.type === "ready");
      const res = await call(s, "PUT", `/admin/user/${bob.uid}`, admin, { status: "frozen" });
      expect(res.statusCode).toBe(200);
      for (const c of streams) {
        expect(await c.waitFor((e) => e.type === "kick")).toEqual({ type: "kick", reason: "frozen" });
        await c.ended;
      }
      expect((await passwordLogin("bob@example.com", "member-pass")).statusCode).toBe(423);
      expect((await renew(bob.token, bob.refresh_token)).statusCode).toBe(401);
      expect((await renew(phone.token, phone.refresh_token)).statusCode).toBe(401);
      // The device rows are gone too: a still-valid access token cannot reopen a stream.
      expect((await openEvents(s.url, { "api-key": bob.token })).status).toBe(403);
      await call(s, "PUT", `/admin/user/${bob.uid}`, admin, { status: "normal" });
      expect((await passwordLogin("bob@example.com", "member-pass")).statusCode).toBe(200);
      // Renewal does not come back: the sessions ended.
      expect((await renew(bob.token, bob.refresh_token)).statusCode).toBe(401);
    });
  });

  describe("anonymous routes", () => {
    it("answer every kind of caller alike: a session neither helps nor hurts", async () => {
      const s = await suite.restart({ rateLimits: { magicLink: { perIp: 0, perEmail: 0 } } });
      const cast = await buildCast(s, { passwords: true });
      const all = (status: number) => ({ anonymous: status, guest: status, member: status, bot: status, admin: status });
      let n = 0;
      await expectMatrix(cast, (who) => call(s, "GET", "/user/check_email?email=free@example.com", who), all(200));
      await expectMatrix(cast, (who) => call(s, "POST", "/user/check_magic_token", who, { magic_token: "nope" }), all(200));
      await expectMatrix(cast, (who) => call(s, "GET", "/token/login_guest", who), all(403));
      await setLoginConfig(s, cast.admin, { guest: true });
      await expectMatrix(cast, (who) => call(s, "GET", "/token/login_guest", who), all(200));
      await expectMatrix(cast, (who) => call(s, "POST", "/user/send_reg_magic_link", who, { magic_token: "", email: `p${++n}@example.com`, password: "long-enough" }), all(200));
      await expectMatrix(cast, (who) => call(s, "POST", "/user/register", who, { email: `q${++n}@example.com`, password: "long-enough" }), all(200));
      // SMTP is off here.
      await expectMatrix(cast, (who) => call(s, "POST", "/user/send_login_magic_link?email=bob@example.com", who), all(503));
      const secret = (await call(s, "GET", "/admin/system/third_party_secret", cast.admin)).body;
      await expectMatrix(cast, (who) => call(s, "POST", "/token/create_third_party_key", who, { userid: "u", username: "U" }, { "x-secret": secret }), all(200));
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/login/config", who), all(200));
      const login = { credential: { type: "password", email: "carol@example.com", password: "member-pass" }, device: "web:any" };
      await expectMatrix(cast, (who) => call(s, "POST", "/token/login", who, login), all(200));
    });
  });
});
