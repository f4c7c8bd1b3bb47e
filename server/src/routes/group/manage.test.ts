import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { dialects, startTestServer, type Session, type TestServer } from "../../test/harness.js";
import { api, channel, expectEvents, postText, seedCast, Streams, type Cast } from "./testkit.js";

/** `PUT /group/{gid}`, `DELETE /group/{gid}`, `POST /group/{gid}/change_type`, `DELETE /group/{gid}/clear`. */
describe.each(dialects())("channel management (%s)", (dialect) => {
  let s: TestServer;
  let c: Cast;
  let streams: Streams<keyof Cast> | null = null;
  beforeEach(async () => {
    s = await startTestServer(dialect);
    c = await seedCast(s);
  });
  afterEach(async () => {
    streams?.close();
    streams = null;
    await s.close();
  });
  const listen = async () => {
    streams = await Streams.open(s, s.url || (await s.listen()), c);
    return streams;
  };
  const card = async (gid: number, who: Session = c.admin) => (await api(s, "GET", `/group/${gid}`, who)).json() as Record<string, unknown>;
  const changed = (gid: number, fields: Record<string, unknown>) => ({
    type: "group_changed",
    gid,
    name: null,
    description: null,
    owner: null,
    avatar_updated_at: null,
    is_public: null,
    ...fields,
  });
  /** A private channel of Olive's with Mia and the bot, and a public one; gids differ from every uid. */
  async function channels() {
    await channel(s, c.admin, { name: "padding 1", is_public: true });
    await channel(s, c.admin, { name: "padding 2", is_public: true });
    await channel(s, c.admin, { name: "padding 3", is_public: true });
    await channel(s, c.admin, { name: "padding 4", is_public: true });
    await channel(s, c.admin, { name: "padding 5", is_public: true });
    await channel(s, c.admin, { name: "padding 6", is_public: true });
    const priv = await channel(s, c.olive, { name: "olive's", members: [c.mia.uid, c.bot.uid] });
    const pub = await channel(s, c.admin, { name: "general", is_public: true });
    return { priv, pub };
  }

  describe("PUT /api/group/{gid}", () => {
    it("the owner updates a private channel: 200 empty; group_changed to its members only", async () => {
      const { priv } = await channels();
      const ev = await listen();
      let res!: Awaited<ReturnType<typeof api>>;
      const got = await ev.capture(async () => {
        res = await api(s, "PUT", `/group/${priv}`, c.olive, { name: "renamed", description: "about it" });
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const event = changed(priv, { name: "renamed", description: "about it" });
      expectEvents(got, { olive: [event], mia: [event], bot: [event] });
      const group = await card(priv, c.olive);
      assertMatches("Group", group);
      expect(group).toMatchObject({ gid: priv, name: "renamed", description: "about it", owner: c.olive.uid });
    });

    it("a public channel: admins only, and the event reaches every stream (guests included)", async () => {
      const { pub } = await channels();
      const ev = await listen();
      expect((await api(s, "PUT", `/group/${pub}`, c.olive, { name: "mine" })).statusCode).toBe(403);
      const got = await ev.capture(() => api(s, "PUT", `/group/${pub}`, c.admin, { description: "for everyone" }));
      const event = changed(pub, { description: "for everyone" });
      expectEvents(got, { admin: [event], olive: [event], mia: [event], otto: [event], guest: [event], bot: [event] });
      // A public channel has no owner to set, not even by an admin.
      expect((await api(s, "PUT", `/group/${pub}`, c.admin, { owner: c.olive.uid })).statusCode).toBe(403);
      expect((await card(pub)).owner).toBeNull();
    });

    it("the newer switches are stored, shown and included in the event only when set", async () => {
      const { priv } = await channels();
      const ev = await listen();
      const body = { only_owner_can_send_msg: true, show_email: true, add_friend: false, dm_to_member: false, ext_setting: '{"x":1}' };
      const got = await ev.capture(async () => expect((await api(s, "PUT", `/group/${priv}`, c.olive, body)).statusCode).toBe(200));
      const event = changed(priv, body);
      expectEvents(got, { olive: [event], mia: [event], bot: [event] });
      expect(await card(priv, c.olive)).toMatchObject(body);
      // The switch takes effect: Mia may no longer post, the owner may.
      const send = (who: Session) =>
        s.app.inject({ method: "POST", url: `/api/group/${priv}/send`, headers: { ...who.headers, "content-type": "text/plain" }, payload: "hi" });
      expect((await send(c.mia)).statusCode).toBe(403);
      expect((await send(c.olive)).statusCode).toBe(200);
      // Null means "unchanged" (contract §1.2): only the name moves.
      await api(s, "PUT", `/group/${priv}`, c.olive, { name: "n2", show_email: null, ext_setting: null });
      expect(await card(priv, c.olive)).toMatchObject({ name: "n2", show_email: true, ext_setting: '{"x":1}' });
    });

    it("transfers ownership to a member; 400 for a non-member owner", async () => {
      const { priv } = await channels();
      const ev = await listen();
      expect((await api(s, "PUT", `/group/${priv}`, c.olive, { owner: c.otto.uid })).statusCode).toBe(400);
      expect((await api(s, "PUT", `/group/${priv}`, c.olive, { owner: 999 })).statusCode).toBe(400);
      const got = await ev.capture(() => api(s, "PUT", `/group/${priv}`, c.olive, { owner: c.mia.uid }));
      const event = changed(priv, { owner: c.mia.uid });
      expectEvents(got, { olive: [event], mia: [event], bot: [event] });
      expect((await card(priv)).owner).toBe(c.mia.uid);
      // Olive is a plain member now; Mia manages the channel.
      expect((await api(s, "PUT", `/group/${priv}`, c.olive, { name: "x" })).statusCode).toBe(403);
      expect((await api(s, "PUT", `/group/${priv}`, c.mia, { name: "x" })).statusCode).toBe(200);
    });

    it("400 for an empty or malformed body, 404 unknown, and the caller matrix", async () => {
      const { priv } = await channels();
      for (const payload of [{}, { name: null }, { name: "" }, { name: "  " }, { name: "x".repeat(65) }, { owner: "x" }, { show_email: "yes" }, []]) {
        expect((await api(s, "PUT", `/group/${priv}`, c.olive, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await api(s, "PUT", "/group/999", c.admin, { name: "x" })).statusCode).toBe(404);
      expect((await api(s, "PUT", "/group/abc", c.admin, { name: "x" })).statusCode).toBe(400);
      const matrix: [Session | null, number][] = [
        [null, 401],
        [c.guest, 403],
        [c.mia, 403], // a member, not the owner
        [c.bot, 403], // a bot member is a member like any other
        [c.otto, 404], // not a member
        [c.olive, 200], // the owner
        [c.admin, 200], // an admin who is not a member
      ];
      for (const [who, status] of matrix) {
        expect((await api(s, "PUT", `/group/${priv}`, who, { description: "d" })).statusCode, who?.login.user.name ?? "anonymous").toBe(status);
      }
    });
  });

  describe("DELETE /api/group/{gid}", () => {
    it("deletes a private channel with its messages: kick_from_group{group_deleted} to its members only", async () => {
      const { priv, pub } = await channels();
      const m1 = await postText(s, c.mia, priv, "secret one");
      await postText(s, c.olive, priv, "secret two");
      const kept = await postText(s, c.mia, pub, "public stays");
      await api(s, "POST", `/group/${priv}/pin`, c.olive, { mid: m1 });
      await api(s, "POST", `/group/${priv}/announcement`, c.olive, { content: "hello" });
      await api(s, "GET", `/group/create_invite_private_magic_link?gid=${priv}`, c.olive);
      const ev = await listen();
      let res!: Awaited<ReturnType<typeof api>>;
      const got = await ev.capture(async () => {
        res = await api(s, "DELETE", `/group/${priv}`, c.olive);
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const event = { type: "kick_from_group", gid: priv, reason: "group_deleted" };
      expectEvents(got, { olive: [event], mia: [event], bot: [event] });

      expect((await api(s, "GET", `/group/${priv}`, c.olive)).statusCode).toBe(404);
      expect((await api(s, "GET", `/group/${priv}/history`, c.mia)).statusCode).toBe(404);
      expect((await api(s, "POST", `/group/${priv}/send`, c.mia)).statusCode).toBeGreaterThanOrEqual(400);
      const left = await s.ctx.db.selectFrom("messages").select("mid").execute();
      expect(left.map((r) => r.mid)).toEqual([kept]);
      for (const table of ["pinned_messages", "group_announcements", "invite_links", "group_members"] as const) {
        const rows = await s.ctx.db.selectFrom(table).selectAll().where("gid", "=", priv).execute();
        expect(rows, table).toEqual([]);
      }
      // Not replayed on a fresh connect either.
      ev.close();
      const again = await Streams.open(s, s.url, { mia: c.mia });
      const replay = again.clients.mia.events.filter((e) => e.type === "chat").map((e) => (e.type === "chat" ? e.mid : 0));
      again.close();
      expect(replay).toEqual([kept]);
    });

    it("a public channel: admins only; the kick reaches every stream", async () => {
      const { pub } = await channels();
      const ev = await listen();
      expect((await api(s, "DELETE", `/group/${pub}`, c.olive)).statusCode).toBe(403);
      const got = await ev.capture(async () => expect((await api(s, "DELETE", `/group/${pub}`, c.admin)).statusCode).toBe(200));
      const event = { type: "kick_from_group", gid: pub, reason: "group_deleted" };
      expectEvents(got, { admin: [event], olive: [event], mia: [event], otto: [event], guest: [event], bot: [event] });
    });

    it("the caller matrix, 404 and 400", async () => {
      const { priv } = await channels();
      const matrix: [Session | null, number][] = [
        [null, 401],
        [c.guest, 403],
        [c.mia, 403],
        [c.bot, 403],
        [c.otto, 404],
      ];
      for (const [who, status] of matrix) {
        expect((await api(s, "DELETE", `/group/${priv}`, who)).statusCode, who?.login.user.name ?? "anonymous").toBe(status);
      }
      expect((await api(s, "DELETE", `/group/${priv}`, c.admin)).statusCode).toBe(200);
      expect((await api(s, "DELETE", `/group/${priv}`, c.admin)).statusCode).toBe(404);
      expect((await api(s, "DELETE", "/group/0", c.admin)).statusCode).toBe(400);
      const own = await channel(s, c.otto, { name: "otto's" });
      expect((await api(s, "DELETE", `/group/${own}`, c.otto)).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/change_type", () => {
    it("public → private without a list: every non-guest user is a member, the caller owns it", async () => {
      const { pub } = await channels();
      const ev = await listen();
      const got = await ev.capture(async () => expect((await api(s, "POST", `/group/${pub}/change_type`, c.admin, { is_public: false })).statusCode).toBe(200));
      const members = [c.admin, c.olive, c.mia, c.otto, c.bot].map((x) => x.uid).sort((a, b) => a - b);
      const group = await card(pub);
      assertMatches("Group", group);
      expect(group).toMatchObject({ is_public: false, owner: c.admin.uid, members });
      // The owner in group_changed is the caller's uid (VoceChat 0.3 put the gid there).
      expect(pub).not.toBe(c.admin.uid);
      const mine = [changed(pub, { owner: c.admin.uid, is_public: false }), { type: "joined_group", group }];
      expectEvents(got, {
        admin: mine,
        olive: mine,
        mia: mine,
        otto: mine,
        bot: mine,
        guest: [{ type: "kick_from_group", gid: pub, reason: "kick" }],
      });
    });

    it("public → private with a list: those not on it are kicked", async () => {
      const { pub } = await channels();
      const ev = await listen();
      const got = await ev.capture(() => api(s, "POST", `/group/${pub}/change_type`, c.admin, { is_public: false, members: [c.mia.uid] }));
      const group = await card(pub);
      expect(group).toMatchObject({ owner: c.admin.uid, members: [c.admin.uid, c.mia.uid].sort((a, b) => a - b) });
      const mine = [changed(pub, { owner: c.admin.uid, is_public: false }), { type: "joined_group", group }];
      const kick = [{ type: "kick_from_group", gid: pub, reason: "kick" }];
      expectEvents(got, { admin: mine, mia: mine, olive: kick, otto: kick, bot: kick, guest: kick });
      expect((await api(s, "GET", `/group/${pub}/history`, c.otto)).statusCode).toBe(404);
    });

    it("private → public: owner and members dropped; members get group_changed, everyone the public card", async () => {
      const { priv } = await channels();
      const ev = await listen();
      const got = await ev.capture(async () => expect((await api(s, "POST", `/group/${priv}/change_type`, c.olive, { is_public: true })).statusCode).toBe(200));
      const group = await card(priv, c.guest);
      assertMatches("Group", group);
      expect(group).toMatchObject({ is_public: true, owner: null, members: [] });
      const joined = { type: "joined_group", group };
      const member = [changed(priv, { is_public: true }), joined];
      expectEvents(got, { olive: member, mia: member, bot: member, admin: [joined], otto: [joined], guest: [joined] });
      expect((await api(s, "GET", `/group/${priv}/history`, c.otto)).statusCode).toBe(200);
      // Now public: only admins manage it.
      expect((await api(s, "POST", `/group/${priv}/change_type`, c.olive, { is_public: false })).statusCode).toBe(403);
    });

    it("the same type changes nothing and emits nothing", async () => {
      const { priv } = await channels();
      const ev = await listen();
      const got = await ev.capture(async () => expect((await api(s, "POST", `/group/${priv}/change_type`, c.olive, { is_public: false })).statusCode).toBe(200));
      expectEvents(got, {});
      expect(await card(priv)).toMatchObject({ owner: c.olive.uid, is_public: false });
    });

    it("the caller matrix and bad input", async () => {
      const { priv, pub } = await channels();
      const matrix: [Session | null, number][] = [
        [null, 401],
        [c.guest, 403],
        [c.mia, 403],
        [c.bot, 403],
        [c.otto, 404],
      ];
      for (const [who, status] of matrix) {
        expect((await api(s, "POST", `/group/${priv}/change_type`, who, { is_public: true })).statusCode, who?.login.user.name ?? "anonymous").toBe(status);
      }
      expect((await api(s, "POST", `/group/${pub}/change_type`, c.olive, { is_public: false })).statusCode).toBe(403);
      for (const payload of [{}, { is_public: "yes" }, { is_public: false, members: ["x"] }]) {
        expect((await api(s, "POST", `/group/${pub}/change_type`, c.admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const members of [[999], [c.guest.uid]]) {
        expect((await api(s, "POST", `/group/${pub}/change_type`, c.admin, { is_public: false, members })).statusCode).toBe(400);
      }
      expect((await card(pub)).is_public).toBe(true);
      expect((await api(s, "POST", "/group/999/change_type", c.admin, { is_public: false })).statusCode).toBe(404);
      expect((await api(s, "POST", `/group/${priv}/change_type`, c.admin, { is_public: true })).statusCode).toBe(200);
    });
  });

  describe("DELETE /api/group/{gid}/clear", () => {
    it("deletes the channel's messages and pins: pin removals, then group_message_cleared, to members only", async () => {
      const { priv, pub } = await channels();
      const m1 = await postText(s, c.mia, priv, "one");
      await postText(s, c.mia, priv, "two");
      const other = await postText(s, c.mia, pub, "elsewhere");
      await api(s, "POST", `/group/${priv}/pin`, c.olive, { mid: m1 });
      const ev = await listen();
      let res!: Awaited<ReturnType<typeof api>>;
      const got = await ev.capture(async () => {
        res = await api(s, "DELETE", `/group/${priv}/clear`, c.olive);
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const mine = [
        { type: "pinned_message_updated", gid: priv, mid: m1, msg: null },
        { type: "group_message_cleared", gid: priv },
      ];
      expectEvents(got, { olive: mine, mia: mine, bot: mine });
      expect((await api(s, "GET", `/group/${priv}/history`, c.mia)).json()).toEqual([]);
      expect((await card(priv, c.olive)).pinned_messages).toEqual([]);
      expect(((await api(s, "GET", `/group/${pub}/history`, c.mia)).json() as { mid: number }[]).map((m) => m.mid)).toEqual([other]);
      // The channel itself stays usable.
      expect(await postText(s, c.mia, priv, "after")).toBeGreaterThan(other);
    });

    it("a public channel: admins only; the event reaches every stream", async () => {
      const { pub } = await channels();
      await postText(s, c.mia, pub, "hello");
      const ev = await listen();
      expect((await api(s, "DELETE", `/group/${pub}/clear`, c.olive)).statusCode).toBe(403);
      const got = await ev.capture(() => api(s, "DELETE", `/group/${pub}/clear`, c.admin));
      const event = { type: "group_message_cleared", gid: pub };
      expectEvents(got, { admin: [event], olive: [event], mia: [event], otto: [event], guest: [event], bot: [event] });
      expect((await api(s, "GET", `/group/${pub}/history`, c.mia)).json()).toEqual([]);
    });

    it("the caller matrix and 404", async () => {
      const { priv } = await channels();
      await postText(s, c.mia, priv, "keep me");
      const matrix: [Session | null, number][] = [
        [null, 401],
        [c.guest, 403],
        [c.mia, 403],
        [c.bot, 403],
        [c.otto, 404],
      ];
      for (const [who, status] of matrix) {
        expect((await api(s, "DELETE", `/group/${priv}/clear`, who)).statusCode, who?.login.user.name ?? "anonymous").toBe(status);
      }
      expect((await api(s, "GET", `/group/${priv}/history`, c.mia)).json()).toHaveLength(1);
      expect((await api(s, "DELETE", `/group/${priv}/clear`, c.admin)).statusCode).toBe(200);
      expect((await api(s, "DELETE", "/group/999/clear", c.admin)).statusCode).toBe(404);
    });
  });
});
