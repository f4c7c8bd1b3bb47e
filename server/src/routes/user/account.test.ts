import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { dialects, login, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildDevice, userInfo } from "../../test/factories.js";
import { fence, isType, marks, withoutNoise, userLogEntry } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";
import { call } from "../../test/api.js";

describe.each(dialects())("account routes (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: (s) => buildCast(s, { passwords: true }) });

  const put = (who: Session | null, payload: unknown) =>
    suite.s.app.inject({ method: "PUT", url: "/api/user", headers: who?.headers ?? {}, payload: payload as object });
  const post = (url: string, who: Session | null, payload: unknown) =>
    suite.s.app.inject({ method: "POST", url, headers: who?.headers ?? {}, payload: payload as object });

  describe("PUT /api/user", () => {
    it("updates the profile, answers UserInfo and logs only the changed fields to every stream", async () => {
      const { s, seed: { admin, bob, carol } } = suite;
      const bobPhone = await buildDevice(s, bob);
      const streams = await suite.connect(admin, bob, bobPhone, carol);
      const from = marks(streams);
      const version = await s.ctx.repos.users.usersVersion();

      const res = await put(bob, { name: "Robert", language: "de-DE" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      assertMatches("UserInfo", res.json());
      expect(res.json()).toEqual({ ...userInfo(bob.uid, "Bob", { name: "Robert", language: "de-DE" }), msg_smtp_notify_enable: false });
      expect((await s.app.inject({ method: "GET", url: "/api/user/me", headers: bob.headers })).json()).toMatchObject({ name: "Robert" });

      const expected = { type: "users_log", logs: [userLogEntry(version + 1, "update", bob.uid, { name: "Robert", language: "de-DE" })] };
      const seen = await fence(s, streams, from);
      for (const events of seen) expect(withoutNoise(events)).toEqual([expected]);
      assertMatches("UsersUpdateLogMessage", expected);

      // Parley logs a gender change on its own (VoceChat needs gender and language together).
      const from2 = marks(streams);
      expect((await put(bob, { gender: 1, name: "Robert" })).statusCode).toBe(200);
      const log = await streams[3].waitFor<EventOf<"users_log">>(isType("users_log"), 5_000, from2[3]);
      expect(log.logs).toEqual([expect.objectContaining({ action: "update", name: null, gender: 1, language: null, email: null })]);

      // Nothing changed, or only fields outside the directory: 200 and no event.
      const from3 = marks(streams);
      expect((await put(bob, { gender: 1, language: "de-DE" })).statusCode).toBe(200);
      expect((await put(bob, { webhook_url: "https://hooks.example/bob", msg_smtp_notify_enable: true })).statusCode).toBe(200);
      for (const events of await fence(s, streams, from3)) expect(withoutNoise(events)).toEqual([]);
      const row = await s.ctx.repos.users.byId(bob.uid);
      expect(row).toMatchObject({ webhook_url: "https://hooks.example/bob", msg_smtp_notify_enable: 1, gender: 1 });
      // The opt-in is the owner's to read back (the Notifications page after a reload), nobody else's.
      expect((await call(s, "GET", "/user/me", bob)).json()).toMatchObject({ uid: bob.uid, msg_smtp_notify_enable: true });
      expect((await call(s, "GET", `/user/${bob.uid}`, admin)).json()).not.toHaveProperty("msg_smtp_notify_enable");
      expect((await put(bob, { webhook_url: "" })).statusCode).toBe(200);
      expect((await s.ctx.repos.users.byId(bob.uid))?.webhook_url).toBeNull();
    });

    it("changes the e-mail (lower-cased; login uses the new one) and logs it", async () => {
      const { s, seed: { admin, bob } } = suite;
      const [watcher] = await suite.connect(admin);
      const from = watcher.events.length;
      const res = await put(bob, { email: "Bobby@Example.com" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: "bobby@example.com" });
      const log = await watcher.waitFor<EventOf<"users_log">>(isType("users_log"), 5_000, from);
      expect(log.logs[0]).toMatchObject({ uid: bob.uid, email: "bobby@example.com", name: null });
      await expect(login(s, "bobby@example.com", "member-pass")).resolves.toMatchObject({ uid: bob.uid });
    });

    it("400 for an empty or malformed body, 409 name_conflict / email_conflict", async () => {
      const { s, seed: { bob } } = suite;
      for (const payload of [
        {},
        { name: null, gender: null, language: null },
        { unknown: "field" },
        { name: "" },
        { name: "   " },
        { name: "x".repeat(33) },
        { name: 5 },
        { gender: 7 },
        { gender: "male" },
        { language: "<script>alert(1)</script>" },
        { language: "en US" },
        { email: "not-an-email" },
        { webhook_url: "javascript:alert(1)" },
        { webhook_url: "ftp://example.com/x" },
        { msg_smtp_notify_enable: "yes" },
      ]) {
        const res = await put(bob, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.headers["content-type"]).toContain("text/plain");
      }
      const nameTaken = await put(bob, { name: "Carol" });
      expect(nameTaken.statusCode).toBe(409);
      expect(nameTaken.json()).toEqual({ reason: "name_conflict" });
      assertMatches("UserConflict", nameTaken.json());
      const emailTaken = await put(bob, { email: "CAROL@example.com" });
      expect(emailTaken.statusCode).toBe(409);
      expect(emailTaken.json()).toEqual({ reason: "email_conflict" });
      // Keeping one's own name is not a conflict.
      expect((await put(bob, { name: "Bob" })).statusCode).toBe(200);
      expect((await s.ctx.repos.users.byId(bob.uid))?.name).toBe("Bob");
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who, role) => put(who, { language: role === "admin" ? "fr-FR" : "en-GB" }), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    });
  });

  describe("POST /api/user/change_password", () => {
    it("changes the password and revokes the other devices' refresh tokens, not the caller's", async () => {
      const { s, seed: { bob } } = suite;
      const phone = await buildDevice(s, bob);
      const body = { old_password: "member-pass", new_password: "new-secret" };
      assertMatches("ChangePasswordRequest", body);
      const res = await post("/api/user/change_password", bob, body);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");

      await expect(login(s, "bob@example.com", "member-pass")).rejects.toThrow(/401/);
      await expect(login(s, "bob@example.com", "new-secret")).resolves.toMatchObject({ uid: bob.uid });
      const renew = (who: Session) =>
        s.app.inject({ method: "POST", url: "/api/token/renew", payload: { token: who.token, refresh_token: who.refresh_token } });
      expect((await renew(phone)).statusCode).toBe(401);
      expect((await renew(bob)).statusCode).toBe(200);
    });

    it("403 for a wrong old password, 400 for a short or missing new one", async () => {
      const { s, seed: { bob } } = suite;
      const wrong = await post("/api/user/change_password", bob, { old_password: "nope", new_password: "new-secret" });
      expect(wrong.statusCode).toBe(403);
      for (const payload of [{ old_password: "member-pass", new_password: "short" }, { old_password: "member-pass" }, { new_password: "new-secret" }, []]) {
        expect((await post("/api/user/change_password", bob, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      await expect(login(s, "bob@example.com", "member-pass")).resolves.toMatchObject({ uid: bob.uid });
    });

    it("authorization: anonymous 401, guest 403; a bot without a password sets one with an empty old password", async () => {
      const { seed: cast } = suite;
      await expectMatrix(
        cast,
        (who, role) =>
          post("/api/user/change_password", who, {
            old_password: role === "bot" ? "" : role === "admin" ? "admin-pass" : "member-pass",
            new_password: "changed-pass",
          }),
        { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 },
      );
      // Once set, the empty old password no longer works.
      expect((await post("/api/user/change_password", cast.bot, { old_password: "", new_password: "other-pass" })).statusCode).toBe(403);
    });
  });

  describe("POST /api/user/search", () => {
    it("finds a user by id, e-mail (any case) or exact name, as UserInfo", async () => {
      const { seed: { bob, carol } } = suite;
      for (const [search_type, keyword] of [
        ["id", String(carol.uid)],
        ["email", "CAROL@example.com"],
        ["name", "Carol"],
      ]) {
        const res = await post("/api/user/search", bob, { search_type, keyword });
        expect(res.statusCode, `${search_type} ${keyword}`).toBe(200);
        assertMatches("UserInfo", res.json());
        expect(res.json()).toMatchObject({ uid: carol.uid, name: "Carol", email: "carol@example.com" });
      }
    });

    it("404 with the client's text for misses and guests; respects search_user_enable; 400 bad body", async () => {
      const { s, seed: { admin, bob, guest } } = suite;
      const misses = [
        { search_type: "id", keyword: "999" },
        { search_type: "id", keyword: "abc" },
        { search_type: "id", keyword: String(guest.uid) },
        { search_type: "name", keyword: "Guest123456" },
        { search_type: "name", keyword: "carol" },
        { search_type: "email", keyword: "nobody@example.com" },
      ];
      for (const body of misses) {
        const res = await post("/api/user/search", bob, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(res.body).toBe("Not found, or this user is not allowed to be searched.");
      }
      for (const body of [{ search_type: "phone", keyword: "1" }, { search_type: "name", keyword: "" }, { search_type: "name" }]) {
        expect((await post("/api/user/search", bob, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await s.app.inject({ method: "PUT", url: "/api/admin/system/common", headers: admin.headers, payload: { search_user_enable: false } })).statusCode).toBe(200);
      const off = await post("/api/user/search", bob, { search_type: "name", keyword: "Carol" });
      expect(off.statusCode).toBe(404);
      expect(off.body).toBe("Not found, or this user is not allowed to be searched.");
      expect((await post("/api/user/search", admin, { search_type: "name", keyword: "Carol" })).statusCode).toBe(200);
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who) => post("/api/user/search", who, { search_type: "name", keyword: "Bob" }), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    });
  });
});
