import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TokenService } from "../../auth/tokens.js";
import { assertMatches } from "../../test/contract.js";
import { ADMIN, dialects, login, seedAdmin, seedMember, startTestServer, type Session, type TestServer } from "../../test/harness.js";

describe.each(dialects())("token routes (%s)", (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await startTestServer(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  const loginRaw = (payload: unknown) => s.app.inject({ method: "POST", url: "/api/token/login", payload: payload as object });
  const passwordLogin = (email: string, password: string, extra: object = {}) =>
    loginRaw({ credential: { type: "password", email, password }, device: "web:test", device_token: "", ...extra });
  const renew = (token: string, refresh_token: string) =>
    s.app.inject({ method: "POST", url: "/api/token/renew", payload: { token, refresh_token } });
  const me = (token: string) => s.app.inject({ method: "GET", url: "/api/user/me", headers: { "x-api-key": token } });

  /** The first admin without a session (seedAdmin would also log in on a device). */
  async function createAdmin(): Promise<void> {
    const res = await s.app.inject({ method: "POST", url: "/api/admin/system/create_admin", payload: { ...ADMIN, gender: 0 } });
    expect(res.statusCode).toBe(200);
  }

  async function rows(uid: number) {
    const devices = await s.ctx.db.selectFrom("devices").select("device").where("uid", "=", uid).orderBy("device").execute();
    const tokens = await s.ctx.db.selectFrom("refresh_tokens").select("device").where("uid", "=", uid).orderBy("device").execute();
    return { devices: devices.map((d) => d.device), tokens: tokens.map((t) => t.device) };
  }

  describe("POST /api/token/login", () => {
    it("returns a LoginResponse whose token works, and records the device", async () => {
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
      const admin = await seedAdmin(s);
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

    it("403 for a credential type other than password", async () => {
      await createAdmin();
      for (const credential of [
        { type: "google", id_token: "x" },
        { type: "magiclink", magic_token: "abc" },
        { type: "thirdparty", key: "k" },
      ]) {
        const res = await loginRaw({ credential, device: "web:test" });
        expect(res.statusCode, credential.type).toBe(403);
      }
    });

    it("400 for malformed bodies", async () => {
      await createAdmin();
      for (const payload of [
        {},
        { credential: { type: "password", email: ADMIN.email } },
        { credential: { type: "password", password: ADMIN.password } },
        { credential: { type: "carrier-pigeon" } },
        { credential: { email: ADMIN.email, password: ADMIN.password } },
        { credential: { type: "password", email: ADMIN.email, password: 123456 } },
        { credential: { type: "password", email: ADMIN.email, password: ADMIN.password }, device: 7 },
      ]) {
        const res = await loginRaw(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.headers["content-type"]).toContain("text/plain");
      }
      const raw = await s.app.inject({
        method: "POST",
        url: "/api/token/login",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(raw.statusCode).toBe(400);
    });

    it("423 for a frozen user", async () => {
      const admin = await seedAdmin(s);
      await seedMember(s, admin, "Bob");
      await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("email", "=", "bob@example.com").execute();
      expect((await passwordLogin("bob@example.com", "member-pass")).statusCode).toBe(423);
    });

    it('defaults the device to "unknown" and creates its devices row', async () => {
      await createAdmin();
      const res = await loginRaw({ credential: { type: "password", email: ADMIN.email, password: ADMIN.password } });
      expect(res.statusCode).toBe(200);
      expect(await rows(1)).toEqual({ devices: ["unknown"], tokens: ["unknown"] });
      const device = await s.ctx.db.selectFrom("devices").selectAll().where("uid", "=", 1).executeTakeFirstOrThrow();
      expect(device.device_token).toBeNull();
    });

    it("keeps one refresh token per (uid, device): logging in again on a device retires the old one", async () => {
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
      const admin = await seedAdmin(s);
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
      const admin = await seedAdmin(s);
      // The same server key, but access tokens that are already expired when issued.
      const expiredIssuer = new TokenService(s.ctx.keys.server_key, -60, s.ctx.tokens.refreshTtlS);
      const { token: expired } = await expiredIssuer.issue({ uid: admin.uid, device: admin.device, is_admin: true, is_guest: false });
      expect((await me(expired)).statusCode).toBe(401);
      const res = await renew(expired, admin.refresh_token);
      expect(res.statusCode).toBe(200);
      expect((await me(res.json().token)).statusCode).toBe(200);
    });

    it("401 when the tokens belong to different devices or users", async () => {
      const admin = await seedAdmin(s);
      const otherDevice = await login(s, ADMIN.email, ADMIN.password);
      const bob = await seedMember(s, admin, "Bob");
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
      const admin = await seedAdmin(s);
      const forger = new TokenService("not-the-server-key", 300, 604_800);
      const forged = await forger.issue({ uid: admin.uid, device: admin.device, is_admin: true, is_guest: false });
      expect((await renew(forged.token, admin.refresh_token)).statusCode).toBe(401);
      expect((await renew(admin.token, forged.refresh_token)).statusCode).toBe(401);
      const garbage = await renew("garbage", "more.garbage.here");
      expect(garbage.statusCode).toBe(401);
      expect(garbage.headers["content-type"]).toContain("text/plain");
    });

    it("401 for a frozen user", async () => {
      const admin = await seedAdmin(s);
      const bob = await seedMember(s, admin, "Bob");
      await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("uid", "=", bob.uid).execute();
      expect((await renew(bob.token, bob.refresh_token)).statusCode).toBe(401);
    });

    it("400 for missing fields", async () => {
      const admin = await seedAdmin(s);
      for (const payload of [{}, { token: admin.token }, { refresh_token: admin.refresh_token }, { token: "", refresh_token: "" }]) {
        const res = await s.app.inject({ method: "POST", url: "/api/token/renew", payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  describe("GET /api/token/logout", () => {
    it("401 without a valid token", async () => {
      expect((await s.app.inject({ method: "GET", url: "/api/token/logout" })).statusCode).toBe(401);
      const bad = await s.app.inject({ method: "GET", url: "/api/token/logout", headers: { "x-api-key": "nope" } });
      expect(bad.statusCode).toBe(401);
    });

    it("forgets only this device's session; its refresh token no longer renews", async () => {
      const admin = await seedAdmin(s);
      const other: Session = await login(s, ADMIN.email, ADMIN.password);
      const bob = await seedMember(s, admin, "Bob");
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
});
