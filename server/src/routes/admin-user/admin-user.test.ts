import { beforeEach, describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, login, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildCast, buildChannel, buildMember, type Cast } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { fence, isType, marks, userLogEntry, withoutNoise } from "../../test/events.js";
import { passwordLogin, startWebhook } from "../../test/identity.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("admin user routes (%s)", (dialect) => {
  // The webhook targets of these tests listen on loopback, which the SSRF guard allows only with this.
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true } });

  const createUser = (who: Session | null, payload: object) =>
    suite.s.app.inject({ method: "POST", url: "/api/admin/user", headers: who?.headers ?? {}, payload });
  const base = { email: "dave@example.com", password: "dave-pass", name: "Dave", gender: 1, is_admin: false };

  describe("POST /api/admin/user", () => {
    it("creates a user and answers the admin view with an empty password; the user can log in", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
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
        is_public: false,
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
      const { s } = suite;
      const admin = await buildAdmin(s);
      const res = await createUser(admin, { ...base, is_admin: true });
      expect(res.json()).toMatchObject({ is_admin: true });
      const dave = await login(s, base.email, base.password);
      expect(dave.login.user.is_admin).toBe(true);
      // The new admin's token carries the role.
      expect((await createUser(dave, { ...base, email: "erin@example.com", name: "Erin" })).statusCode).toBe(200);
    });

    it("401 anonymous, 403 for a member", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      expect((await createUser(null, base)).statusCode).toBe(401);
      expect((await createUser(bob, base)).statusCode).toBe(403);
      expect(await s.ctx.repos.users.byEmail(base.email)).toBeUndefined();
    });

    it("409 with a JSON reason for a taken e-mail (any case) or name", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
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
      const { s } = suite;
      const admin = await buildAdmin(s);
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
      const { s } = suite;
      const admin = await buildAdmin(s);
      const hook = await startWebhook(200);
      const res = await createUser(admin, {
        email: "bot_1700000000000@example.com",
        password: "",
        name: "Helper Bot",
        gender: 0,
        is_admin: false,
        is_bot: true,
        webhook_url: hook.url,
      });
      await hook.close();
      expect(res.statusCode).toBe(200);
      assertMatches("User", res.json());
      expect(res.json()).toMatchObject({ is_bot: true, password: "", webhook_url: hook.url });
      // The webhook was probed with a GET.
      expect(hook.hits).toBe(1);
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

  describe("POST /api/admin/user: webhooks and callers", () => {
    it("406 when the webhook does not answer a GET with exactly 200; nothing is created", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const failing = await startWebhook(500);
      const redirect = await startWebhook(204);
      const closed = await startWebhook(200);
      await closed.close();
      for (const url of [failing.url, redirect.url, closed.url]) {
        const res = await createUser(admin, { ...base, webhook_url: url });
        expect(res.statusCode, url).toBe(406);
      }
      await failing.close();
      await redirect.close();
      expect(await s.ctx.repos.users.count()).toBe(1);
    });

    it("authorization: anonymous 401, guest, member and bot 403, admin 200", async () => {
      const { s } = suite;
      const cast = await buildCast(s, { passwords: true });
      let n = 0;
      await expectMatrix(cast, (who) => createUser(who, { ...base, email: `x${++n}@example.com`, name: `X${n}` }), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    });
  });

  describe("GET /api/admin/user and /api/admin/user/{uid}", () => {
    it("lists every account but guests as the admin view, with each device and whether it streams", async () => {
      const { s } = suite;
      await s.listen();
      const cast = await buildCast(s, { passwords: true });
      const phone = await login(s, "bob@example.com", "member-pass", "phone");
      const stream = await openEvents(s.url, { "api-key": phone.token });
      await stream.waitFor(isType("ready"));

      const res = await call(s, "GET", "/admin/user", cast.admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const users = res.json() as { uid: number; in_online: boolean; online_devices: { device: string; is_online: boolean }[] }[];
      for (const u of users) assertMatches("User", u);
      expect(users.map((u) => u.uid)).toEqual([cast.admin.uid, cast.bob.uid, cast.carol.uid, cast.otto.uid, cast.bot.uid]);
      const bob = users.find((u) => u.uid === cast.bob.uid);
      expect(bob?.in_online).toBe(true);
      expect(bob?.online_devices).toEqual([
        { device: cast.bob.device, device_token: null, is_online: false },
        { device: "phone", device_token: null, is_online: true },
      ]);
      expect(users.find((u) => u.uid === cast.carol.uid)?.in_online).toBe(false);

      const one = await call(s, "GET", `/admin/user/${cast.bob.uid}`, cast.admin);
      expect(one.statusCode).toBe(200);
      assertMatches("User", one.json());
      expect(one.json()).toEqual(bob);
      stream.close();
    });

    it("404 for unknown users and guests, 400 for a bad id; authorization matrix", async () => {
      const { s } = suite;
      const cast = await buildCast(s, { passwords: true });
      expect((await call(s, "GET", "/admin/user/999", cast.admin)).statusCode).toBe(404);
      expect((await call(s, "GET", `/admin/user/${cast.guest.uid}`, cast.admin)).statusCode).toBe(404);
      for (const id of ["0", "abc", "1e3"]) expect((await call(s, "GET", `/admin/user/${id}`, cast.admin)).statusCode).toBe(400);
      const expected = { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/user", who), expected);
      await expectMatrix(cast, (who) => call(s, "GET", `/admin/user/${cast.carol.uid}`, who), expected);
    });
  });

  describe("PUT /api/admin/user/{uid}", () => {
    let cast: Cast;
    beforeEach(async () => {
      cast = await buildCast(suite.s, { passwords: true });
    });
    const put = (who: Session | null, uid: number, payload: unknown) => call(suite.s, "PUT", `/admin/user/${uid}`, who, payload);

    it("updates the given fields, answers the admin view and always logs a users_log update to every stream", async () => {
      const { s } = suite;
      const [a, c] = await suite.connect(cast.admin, cast.carol);
      const from = marks([a, c]);
      const version = await s.ctx.repos.users.usersVersion();
      const res = await put(cast.admin, cast.bob.uid, { name: "Robert", email: "ROBERT@example.com", gender: 1, language: "de-DE", is_admin: true });
      expect(res.statusCode).toBe(200);
      assertMatches("User", res.json());
      expect(res.json()).toMatchObject({ uid: cast.bob.uid, name: "Robert", email: "robert@example.com", gender: 1, language: "de-DE", is_admin: true, status: "normal", password: "" });
      const update = {
        type: "users_log",
        logs: [userLogEntry(version + 1, "update", cast.bob.uid, { email: "robert@example.com", name: "Robert", gender: 1, language: "de-DE", is_admin: true })],
      };
      expect((await fence(s, [a, c], from)).map(withoutNoise)).toEqual([[update], [update]]);

      // A change outside the directory (status, webhook, password) is logged too, with nulls.
      const from2 = marks([a, c]);
      expect((await put(cast.admin, cast.bob.uid, { status: "normal" })).statusCode).toBe(200);
      const [got] = (await fence(s, [a], [from2[0]])).map(withoutNoise);
      expect(got).toEqual([
        { type: "users_log", logs: [userLogEntry(version + 2, "update", cast.bob.uid)] },
      ]);
    });

    it("a new password works at once and ends the account's sessions at their next renewal", async () => {
      const { s } = suite;
      expect((await put(cast.admin, cast.bob.uid, { password: "reset-pass" })).statusCode).toBe(200);
      expect((await passwordLogin(s, "bob@example.com", "member-pass")).statusCode).toBe(401);
      expect((await passwordLogin(s, "bob@example.com", "reset-pass")).statusCode).toBe(200);
      expect((await call(s, "POST", "/token/renew", null, { token: cast.bob.token, refresh_token: cast.bob.refresh_token })).statusCode).toBe(401);
    });

    it("sets and clears the webhook (406 when it does not answer 200, also after the timeout)", async () => {
      const hook = await startWebhook(200);
      const bad = await startWebhook(404);
      try {
        expect((await put(cast.admin, cast.bot.uid, { webhook_url: hook.url })).json().webhook_url).toBe(hook.url);
        expect((await put(cast.admin, cast.bot.uid, { webhook_url: bad.url })).statusCode).toBe(406);
        expect((await put(cast.admin, cast.bot.uid, { webhook_url: "" })).json().webhook_url).toBeNull();
      } finally {
        await hook.close();
        await bad.close();
      }
      const s = await suite.restart({ webhookCheckTimeoutMs: 200 });
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const { createServer } = await import("node:http");
      const hang = createServer(() => {}).listen(0, "127.0.0.1");
      await new Promise((r) => hang.once("listening", r));
      const port = (hang.address() as { port: number }).port;
      const started = Date.now();
      expect((await put(admin, bob.uid, { webhook_url: `http://127.0.0.1:${port}/` })).statusCode).toBe(406);
      expect(Date.now() - started).toBeLessThan(3_000);
      hang.closeAllConnections();
      hang.close();
    });

    it("409 {reason} for a taken name or e-mail; 404 unknown; 400 empty or malformed", async () => {
      const name = await put(cast.admin, cast.bob.uid, { name: "Carol" });
      expect(name.statusCode).toBe(409);
      expect(name.json()).toEqual({ reason: "name_conflict" });
      const email = await put(cast.admin, cast.bob.uid, { email: "CAROL@example.com" });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({ reason: "email_conflict" });
      // Its own name and e-mail are not a conflict.
      expect((await put(cast.admin, cast.bob.uid, { name: "Bob", email: "bob@example.com" })).statusCode).toBe(200);
      expect((await put(cast.admin, 999, { name: "Nobody" })).statusCode).toBe(404);
      expect((await put(cast.admin, cast.guest.uid, { name: "Visitor" })).statusCode).toBe(404);
      for (const payload of [{}, { name: null }, { status: "asleep" }, { gender: 3 }, { email: "nope" }, { password: "short" }, { is_admin: "yes" }, { language: "<b>" }, []]) {
        expect((await put(cast.admin, cast.bob.uid, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("403 freezing or demoting yourself or the founder; another admin can be frozen", async () => {
      const { s } = suite;
      const dave = await buildMember(s, cast.admin, "Dave", { is_admin: true });
      expect((await put(cast.admin, cast.admin.uid, { status: "frozen" })).statusCode).toBe(403);
      expect((await put(cast.admin, cast.admin.uid, { is_admin: false })).statusCode).toBe(403);
      expect((await put(dave, cast.admin.uid, { status: "frozen" })).statusCode).toBe(403);
      expect((await put(dave, cast.admin.uid, { is_admin: false })).statusCode).toBe(403);
      // The founder's other fields can still be edited.
      expect((await put(dave, cast.admin.uid, { name: "Founder" })).statusCode).toBe(200);
      expect((await put(cast.admin, dave.uid, { status: "frozen", is_admin: false })).json()).toMatchObject({ status: "frozen", is_admin: false });
      expect((await s.ctx.repos.users.byId(cast.admin.uid))?.status).toBe("normal");
    });

    it("authorization matrix", async () => {
      await expectMatrix(cast, (who) => put(who, cast.carol.uid, { gender: 1 }), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    });
  });

  describe("DELETE /api/admin/user/{uid}", () => {
    let cast: Cast;
    beforeEach(async () => {
      cast = await buildCast(suite.s, { passwords: true });
    });
    const del = (who: Session | null, uid: number) => call(suite.s, "DELETE", `/admin/user/${uid}`, who);

    it("deletes with the account-deletion cascade (docs/API.md 'Deleting an account'); each event reaches exactly the right streams", async () => {
      const { s } = suite;
      const { admin, bob, carol } = cast;
      const dave = await buildMember(s, admin, "Dave");
      const pub = await buildChannel(s, admin, { name: "general", is_public: true });
      const bobs = await buildChannel(s, bob, { name: "bob's", members: [carol.uid] });
      const staff = await buildChannel(s, admin, { name: "staff", members: [bob.uid, carol.uid] });
      await buildChannel(s, admin, { name: "quiet", members: [carol.uid] });
      const kept = await (async () => {
        const res = await s.app.inject({ method: "POST", url: `/api/group/${pub}/send`, headers: { ...bob.headers, "content-type": "text/plain" }, payload: "bye" });
        return res.json() as number;
      })();

      const [bobStream, a, c, d] = await suite.connect(bob, admin, carol, dave);
      const from = marks([a, c, d]);
      const version = await s.ctx.repos.users.usersVersion();

      const res = await del(admin, bob.uid);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      expect(await bobStream.waitFor(isType("kick"))).toEqual({ type: "kick", reason: "delete_user" });
      await bobStream.ended;

      const log = { type: "users_log", logs: [userLogEntry(version + 1, "delete", bob.uid)] };
      const leftPublic = { type: "user_leaved_group", gid: pub, uid: [bob.uid] };
      const [toAdmin, toCarol, toDave] = (await fence(s, [a, c, d], from)).map(withoutNoise);
      expect(toAdmin).toEqual([log, { type: "user_leaved_group", gid: staff, uid: [bob.uid] }, leftPublic]);
      expect(toCarol).toEqual([log, { type: "kick_from_group", gid: bobs, reason: "group_deleted" }, { type: "user_leaved_group", gid: staff, uid: [bob.uid] }, leftPublic]);
      expect(toDave).toEqual([log, leftPublic]);

      expect(await s.ctx.repos.users.byId(bob.uid)).toBeUndefined();
      expect((await call(s, "GET", `/admin/user/${bob.uid}`, admin)).statusCode).toBe(404);
      expect((await passwordLogin(s, "bob@example.com", "member-pass")).statusCode).toBe(404);
      // Messages are kept.
      const history = (await call(s, "GET", `/group/${pub}/history`, admin)).json() as { mid: number }[];
      expect(history.map((m) => m.mid)).toContain(kept);
    });

    it("403 for yourself or the founder, 404 unknown, 400 bad id", async () => {
      const { s } = suite;
      const dave = await buildMember(s, cast.admin, "Dave", { is_admin: true });
      expect((await del(cast.admin, cast.admin.uid)).statusCode).toBe(403);
      expect((await del(dave, cast.admin.uid)).statusCode).toBe(403);
      expect((await del(dave, dave.uid)).statusCode).toBe(403);
      expect((await del(cast.admin, 999)).statusCode).toBe(404);
      expect((await del(cast.admin, 0)).statusCode).toBe(400);
      expect((await del(dave, cast.bob.uid)).statusCode).toBe(200);
    });

    it("authorization matrix", async () => {
      const { s } = suite;
      const targets: Session[] = [];
      for (const name of ["T1", "T2", "T3", "T4", "T5"]) targets.push(await buildMember(s, cast.admin, name));
      let i = 0;
      await expectMatrix(cast, (who) => del(who, targets[i++].uid), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    });
  });
});
