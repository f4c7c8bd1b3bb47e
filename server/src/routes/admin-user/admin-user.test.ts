import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { dialects, login, seedAdmin, seedMember, startTestServer, type Session, type TestServer } from "../../test/harness.js";

describe.each(dialects())("admin user routes (%s)", (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await startTestServer(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  const createUser = (who: Session | null, payload: object) =>
    s.app.inject({ method: "POST", url: "/api/admin/user", headers: who?.headers ?? {}, payload });
  const base = { email: "dave@example.com", password: "dave-pass", name: "Dave", gender: 1, is_admin: false };

  describe("POST /api/admin/user", () => {
    it("creates a user and answers the admin view with an empty password; the user can log in", async () => {
      const admin = await seedAdmin(s);
      const before = Date.now();
      const res = await createUser(admin, { ...base, email: "Dave@Example.com", language: "de-DE" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const user = res.json();
      assertMatches("User", user);
      expect(user).toEqual({
        uid: 2,
        email: "dave@example.com",
        password: "",
        name: "Dave",
        gender: 1,
        is_admin: false,
        language: "de-DE",
        create_by: "password",
        in_online: false,
        online_devices: [],
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
        avatar_updated_at: 0,
        status: "normal",
        webhook_url: null,
        is_bot: false,
      });
      expect(user.created_at).toBeGreaterThanOrEqual(before);
      // The password is stored hashed, never as given.
      const row = await s.ctx.repos.users.byId(2);
      expect(row?.password_hash).toBeTruthy();
      expect(row?.password_hash).not.toContain("dave-pass");

      const dave = await login(s, "dave@example.com", "dave-pass");
      expect(dave.login.user).toMatchObject({ uid: 2, name: "Dave", is_admin: false });
      // Every new user is recorded in the users log (the users_version sequence).
      const logs = await s.ctx.repos.users.logsAfter(0);
      expect(logs.map((l) => [l.uid, l.action])).toEqual([
        [1, "create"],
        [2, "create"],
      ]);
    });

    it("can create another admin", async () => {
      const admin = await seedAdmin(s);
      const res = await createUser(admin, { ...base, is_admin: true });
      expect(res.json()).toMatchObject({ is_admin: true });
      const dave = await login(s, base.email, base.password);
      expect(dave.login.user.is_admin).toBe(true);
      // The new admin's token carries the role.
      expect((await createUser(dave, { ...base, email: "erin@example.com", name: "Erin" })).statusCode).toBe(200);
    });

    it("401 anonymous, 403 for a member", async () => {
      const admin = await seedAdmin(s);
      const bob = await seedMember(s, admin, "Bob");
      expect((await createUser(null, base)).statusCode).toBe(401);
      expect((await createUser(bob, base)).statusCode).toBe(403);
      expect(await s.ctx.repos.users.byEmail(base.email)).toBeUndefined();
    });

    it("409 with a JSON reason for a taken e-mail (any case) or name", async () => {
      const admin = await seedAdmin(s);
      expect((await createUser(admin, base)).statusCode).toBe(200);

      const email = await createUser(admin, { ...base, email: "DAVE@example.com", name: "Dave2" });
      expect(email.statusCode).toBe(409);
      expect(email.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(email.json()).toEqual({ reason: "email_conflict" });

      const name = await createUser(admin, { ...base, email: "other@example.com" });
      expect(name.statusCode).toBe(409);
      expect(name.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(name.json()).toEqual({ reason: "name_conflict" });
      // The founder's name is taken too.
      expect((await createUser(admin, { ...base, email: "x@example.com", name: "Admin" })).json()).toEqual({ reason: "name_conflict" });
      expect(await s.ctx.repos.users.count()).toBe(2);
    });

    it("400 for a bad e-mail, a short password or other malformed fields", async () => {
      const admin = await seedAdmin(s);
      for (const payload of [
        { ...base, email: "not-an-email" },
        { ...base, email: undefined },
        { ...base, password: "12345" },
        { ...base, password: "" },
        { ...base, name: "" },
        { ...base, name: "x".repeat(33) },
        { ...base, gender: 2 },
        { ...base, is_admin: "yes" },
        { ...base, webhook_url: "not a url" },
      ]) {
        const res = await createUser(admin, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.headers["content-type"]).toContain("text/plain");
      }
      expect(await s.ctx.repos.users.count()).toBe(1);
    });

    it("allows a bot with an empty password; it cannot log in with a password", async () => {
      const admin = await seedAdmin(s);
      const res = await createUser(admin, {
        email: "bot_1700000000000@example.com",
        password: "",
        name: "Helper Bot",
        gender: 0,
        is_admin: false,
        is_bot: true,
        webhook_url: "https://hooks.example.com/bot",
      });
      expect(res.statusCode).toBe(200);
      assertMatches("User", res.json());
      expect(res.json()).toMatchObject({ is_bot: true, password: "", webhook_url: "https://hooks.example.com/bot" });
      expect((await s.ctx.repos.users.byId(res.json().uid))?.password_hash).toBeNull();
      const attempt = await s.app.inject({
        method: "POST",
        url: "/api/token/login",
        payload: { credential: { type: "password", email: "bot_1700000000000@example.com", password: "" }, device: "x" },
      });
      expect(attempt.statusCode).toBe(401);
      // The bot is listed in the directory as a bot.
      const users = (await s.app.inject({ method: "GET", url: "/api/user", headers: admin.headers })).json() as { is_bot: boolean }[];
      expect(users.map((u) => u.is_bot)).toEqual([false, true]);
    });
  });
});
