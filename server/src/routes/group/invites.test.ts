import { describe, expect, it } from "vitest";
import { checkInviteToken, consumeInviteToken, joinInvitedGroup } from "../../commands/invites.js";
import { inviteTokenHash } from "../../repos/invites.js";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel, buildUser } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectEvents } from "../../test/events.js";
import { expectCallers } from "../../test/matrix.js";

const HOST = { host: "chat.example.com", "x-forwarded-proto": "https" };

/** Invite links (`create_reg_magic_link`, `create_invite_private_magic_link`) and `POST /user/join_private`. */
describe.each(dialects())("invite links (%s)", (dialect) => {
  // Links are built from the forwarded scheme and host, as behind a reverse proxy.
  const suite = useSuite(dialect, { config: { trustProxy: true }, seed: buildCast });
  const name = (who: Session | null) => who?.login.user.name ?? "anonymous";
  const get = (server: TestServer, url: string, who: Session | null) =>
    server.app.inject({ method: "GET", url: `/api${url}`, headers: { ...HOST, ...(who?.headers ?? {}) } });
  const tokenOf = (link: string) => decodeURIComponent(/magic_token=([^&#]+)/.exec(link)?.[1] ?? "");
  const privateLink = async (gid: number, who: Session = suite.seed.bob, query = "", server = suite.s) => {
    const res = await get(server, `/group/create_invite_private_magic_link?gid=${gid}${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return tokenOf(res.body);
  };
  const join = (who: Session | null, magic_token: unknown, server = suite.s) =>
    server.app.inject({ method: "POST", url: "/api/user/join_private", headers: who?.headers ?? {}, payload: { magic_token } });
  const inviteRow = (token: string) => suite.s.ctx.db.selectFrom("invite_links").selectAll().where("token_hash", "=", inviteTokenHash(token)).executeTakeFirst();

  describe("GET /api/group/create_reg_magic_link", () => {
    it("answers a text/plain registration link; the token is stored hashed with its limits", async () => {
      const { s, seed: c } = suite;
      const before = Date.now();
      const res = await get(s, "/group/create_reg_magic_link", c.bob);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toMatch(/^https:\/\/chat\.example\.com\/\?magic_token=[A-Za-z0-9_-]{43}#\/register$/);
      const token = tokenOf(res.body);
      const row = await inviteRow(token);
      expect(row).toMatchObject({ kind: "register", gid: null, created_by: c.bob.uid, remaining: 10_000 });
      expect(row?.token_hash).not.toContain(token);
      // Default lifetime: the contract's 900 s.
      expect(row!.expires_at - before).toBeGreaterThanOrEqual(900_000);
      expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(900_000);
      expect(await checkInviteToken(s.ctx.db, token)).toBe(true);

      const custom = await get(s, `/group/create_reg_magic_link?expired_in=2592000&max_times=1`, c.bob);
      const customRow = await inviteRow(tokenOf(custom.body));
      expect(customRow?.remaining).toBe(1);
      expect(customRow!.expires_at - Date.now()).toBeGreaterThan(2_591_000_000);
      // Without a proxy header: the request's own scheme and host.
      const plain = await s.app.inject({ method: "GET", url: "/api/group/create_reg_magic_link", headers: { ...c.bob.headers, host: "10.0.0.5:3000" } });
      expect(plain.body).toMatch(/^http:\/\/10\.0\.0\.5:3000\/\?magic_token=/);
      // An admin-configured frontend URL wins.
      await s.ctx.repos.config.set("frontend_url", "https://talk.example.org/");
      expect((await get(s, "/group/create_reg_magic_link", c.bob)).body).toMatch(/^https:\/\/talk\.example\.org\/\?magic_token=/);
    });

    it("into a channel: 404 unknown, 403 a private one the caller is not in; consumeInviteToken for sign-up", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
      expect((await get(s, "/group/create_reg_magic_link?gid=999", c.bob)).statusCode).toBe(404);
      await expectCallers((who) => get(s, `/group/create_reg_magic_link?gid=${gid}`, who), [[null, 401], [c.guest, 403], [c.otto, 404], [c.carol, 200], [c.admin, 200]]);
      expect((await get(s, `/group/create_reg_magic_link?gid=${pub}`, c.otto)).statusCode).toBe(200);
      expect((await get(s, "/group/create_reg_magic_link", c.bot)).statusCode).toBe(200);

      // The registration issue redeems these: one use each, then the new user joins the channel.
      const token = tokenOf((await get(s, `/group/create_reg_magic_link?gid=${gid}&max_times=1`, c.carol)).body);
      expect(await consumeInviteToken(s.ctx.db, token, "private")).toBeNull();
      const grant = await consumeInviteToken(s.ctx.db, token);
      expect(grant).toMatchObject({ kind: "register", gid, created_by: c.carol.uid });
      expect(await consumeInviteToken(s.ctx.db, token)).toBeNull();
      expect(await checkInviteToken(s.ctx.db, token)).toBe(false);
      const newbie = await buildUser(s, "Newbie");
      const ev = await suite.streams(c);
      const got = await ev.capture(() => joinInvitedGroup(s.ctx, gid, newbie.uid));
      const card = (await call(s, "GET", `/group/${gid}`, c.bob)).json();
      expectEvents(got, {
        bob: [{ type: "user_joined_group", gid, uid: [newbie.uid] }],
        carol: [{ type: "user_joined_group", gid, uid: [newbie.uid] }],
      });
      expect((card as { members: number[] }).members).toContain(newbie.uid);
    });

    it("400 for out-of-range options; admin-only inviting by server switches", async () => {
      const { s, seed: c } = suite;
      for (const q of ["expired_in=0", "expired_in=2592001", "expired_in=abc", "max_times=0", "max_times=10000001", "gid=x"]) {
        expect((await get(s, `/group/create_reg_magic_link?${q}`, c.bob)).statusCode, q).toBe(400);
      }
      expect((await get(s, "/group/create_reg_magic_link?max_times=10000000&expired_in=1", c.bob)).statusCode).toBe(200);
      await s.ctx.repos.config.set("system_common", { ext_setting: JSON.stringify({ admin_only_can_invite: true }) });
      expect((await get(s, "/group/create_reg_magic_link", c.bob)).statusCode).toBe(403);
      expect((await get(s, "/group/create_reg_magic_link", c.admin)).statusCode).toBe(200);
      await s.ctx.repos.config.set("system_common", { who_can_invite_users: false });
      expect((await get(s, "/group/create_reg_magic_link", c.bob)).statusCode).toBe(403);
      expect((await get(s, "/group/create_reg_magic_link", c.admin)).statusCode).toBe(200);
    });
  });

  describe("GET /api/group/create_invite_private_magic_link", () => {
    it("answers a text/plain link to the invite page of the channel", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      const res = await get(s, `/group/create_invite_private_magic_link?gid=${gid}&expired_in=3600&max_times=5`, c.carol);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toMatch(new RegExp(`^https://chat\\.example\\.com/#/invite_private/${gid}\\?magic_token=[A-Za-z0-9_-]{43}$`));
      const row = await inviteRow(tokenOf(res.body));
      expect(row).toMatchObject({ kind: "private", gid, created_by: c.carol.uid, remaining: 5 });
      expect(row!.expires_at - Date.now()).toBeGreaterThan(3_590_000);
    });

    it("the caller matrix; 400 without a gid or for a public channel; 404", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
      const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
      await expectCallers((who) => get(s, `/group/create_invite_private_magic_link?gid=${gid}`, who), [[null, 401], [c.guest, 403], [c.otto, 404], [c.carol, 200], [c.bot, 200], [c.bob, 200], [c.admin, 200]]);
      expect((await get(s, "/group/create_invite_private_magic_link", c.bob)).statusCode).toBe(400);
      expect((await get(s, `/group/create_invite_private_magic_link?gid=${pub}`, c.admin)).statusCode).toBe(400);
      expect((await get(s, "/group/create_invite_private_magic_link?gid=999", c.admin)).statusCode).toBe(404);
      await s.ctx.repos.config.set("system_common", { ext_setting: JSON.stringify({ admin_only_can_invite: true }) });
      expect((await get(s, `/group/create_invite_private_magic_link?gid=${gid}`, c.bob)).statusCode).toBe(403);
      expect((await get(s, `/group/create_invite_private_magic_link?gid=${gid}`, c.admin)).statusCode).toBe(200);
    });
  });

  describe("POST /api/user/join_private", () => {
    it("joins: the Group answers; joined_group to the joiner, user_joined_group to the members; one use spent", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      const token = await privateLink(gid, c.bob, "&max_times=3");
      const ev = await suite.streams(c);
      let res!: Awaited<ReturnType<typeof join>>;
      const got = await ev.capture(async () => {
        res = await join(c.otto, token);
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const group = res.json() as { gid: number; members: number[] };
      assertMatches("Group", group);
      expect(group).toMatchObject({ gid, owner: c.bob.uid, is_public: false });
      expect(group.members).toEqual([c.bob.uid, c.carol.uid, c.otto.uid].sort((a, b) => a - b));
      expectEvents(got, {
        otto: [{ type: "joined_group", group }],
        bob: [{ type: "user_joined_group", gid, uid: [c.otto.uid] }],
        carol: [{ type: "user_joined_group", gid, uid: [c.otto.uid] }],
      });
      expect((await inviteRow(token))?.remaining).toBe(2);
      // Already a member: 412, and no use is spent.
      for (const who of [c.otto, c.bob]) expect((await join(who, token)).statusCode, name(who)).toBe(412);
      expect((await inviteRow(token))?.remaining).toBe(2);
    });

    it("409 for unknown, wrong-kind, expired and used-up tokens; 412 on a public channel; the caller matrix", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team" });
      expect((await join(c.otto, "no-such-token")).statusCode).toBe(409);
      const reg = tokenOf((await get(s, `/group/create_reg_magic_link?gid=${gid}`, c.bob)).body);
      expect((await join(c.otto, reg)).statusCode).toBe(409);

      const once = await privateLink(gid, c.bob, "&max_times=1");
      expect((await join(c.otto, once)).statusCode).toBe(200);
      expect((await join(c.carol, once)).statusCode).toBe(409);
      expect((await inviteRow(once))?.remaining).toBe(0);

      const stale = await privateLink(gid);
      await s.ctx.db.updateTable("invite_links").set({ expires_at: Date.now() - 1 }).where("token_hash", "=", inviteTokenHash(stale)).execute();
      expect((await join(c.carol, stale)).statusCode).toBe(409);

      const matrix: [Session | null, unknown, number][] = [
        [null, await privateLink(gid), 401],
        [c.guest, await privateLink(gid), 403],
        [c.carol, "", 400],
        [c.carol, 42, 400],
        [c.bot, await privateLink(gid), 200], // a bot joins like any user
        [c.admin, await privateLink(gid), 200],
      ];
      for (const [who, token, status] of matrix) expect((await join(who, token)).statusCode, name(who)).toBe(status);

      // The channel went public: everyone is already in it.
      const later = await privateLink(gid);
      await call(s, "POST", `/group/${gid}/change_type`, c.bob, { is_public: true });
      expect((await join(c.carol, later)).statusCode).toBe(412);
      // The channel is gone: the link is dead.
      const gone = await buildChannel(s, c.bob, { name: "doomed" });
      const dead = await privateLink(gone);
      await call(s, "DELETE", `/group/${gone}`, c.bob);
      expect((await join(c.carol, dead)).statusCode).toBe(409);
    });

    it("a link expires after expired_in seconds", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team" });
      const token = await privateLink(gid, c.bob, "&expired_in=1");
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await join(c.carol, token)).statusCode).toBe(409);
      expect(await checkInviteToken(s.ctx.db, token, "private")).toBe(false);
    });

    it("links survive a restart, with their remaining uses", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team" });
      const storage = { dataDir: s.ctx.config.dataDir, databaseSchema: s.ctx.config.databaseSchema };
      // Started by hand: two servers one after the other on the suite server's storage, as restarts.
      const first = await startTestServer(dialect, storage);
      const token = await privateLink(gid, c.bob, "&max_times=2", first);
      expect((await join(c.carol, token, first)).statusCode).toBe(200);
      await first.close();
      const second = await startTestServer(dialect, storage);
      try {
        expect((await join(c.otto, token, second)).statusCode).toBe(200);
        expect((await join(c.bot, token, second)).statusCode).toBe(409);
        expect(((await call(second, "GET", `/group/${gid}`, c.bob)).json() as { members: number[] }).members).toEqual(
          [c.bob.uid, c.carol.uid, c.otto.uid].sort((a, b) => a - b),
        );
      } finally {
        await second.close();
      }
    });
  });
});
