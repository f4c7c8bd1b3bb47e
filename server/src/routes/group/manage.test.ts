import { describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel, buildMessage } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectEvents, captureEmptyOk } from "../../test/events.js";
import { expectCallers } from "../../test/matrix.js";

/** `PUT /group/{gid}`, `DELETE /group/{gid}`, `POST /group/{gid}/change_type`, `DELETE /group/{gid}/clear`. */
describe.each(dialects())("channel management (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  const card = async (gid: number, who: Session = suite.seed.admin) => (await call(suite.s, "GET", `/group/${gid}`, who)).json() as Record<string, unknown>;
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
  /** A private channel of Bob's with Carol and the bot, and a public one; gids differ from every uid. */
  async function channels() {
    for (let i = 1; i <= 6; i++) await buildChannel(suite.s, suite.seed.admin, { name: `padding ${i}`, is_public: true });
    const priv = await buildChannel(suite.s, suite.seed.bob, { name: "bob's", members: [suite.seed.carol.uid, suite.seed.bot.uid] });
    const pub = await buildChannel(suite.s, suite.seed.admin, { name: "general", is_public: true });
    return { priv, pub };
  }
  /** `channels()` with two messages in the private one, the first pinned by Bob, and one in the public one. */
  async function channelsWithMessages() {
    const { s, seed: c } = suite;
    const { priv, pub } = await channels();
    const pinned = await buildMessage(s, c.carol, { gid: priv }, "private one");
    await buildMessage(s, c.bob, { gid: priv }, "private two");
    const inPublic = await buildMessage(s, c.carol, { gid: pub }, "public");
    await call(s, "POST", `/group/${priv}/pin`, c.bob, { mid: pinned });
    return { priv, pub, pinned, inPublic };
  }

  describe("PUT /api/group/{gid}", () => {
    it("the owner updates a private channel: 200 empty; group_changed to its members only", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      const ev = await suite.streams(c);
      const got = await captureEmptyOk(ev, () => call(s, "PUT", `/group/${priv}`, c.bob, { name: "renamed", description: "about it" }));
      const event = changed(priv, { name: "renamed", description: "about it" });
      expectEvents(got, { bob: [event], carol: [event], bot: [event] });
      const group = await card(priv, c.bob);
      assertMatches("Group", group);
      expect(group).toMatchObject({ gid: priv, name: "renamed", description: "about it", owner: c.bob.uid });
    });

    it("a public channel: admins only, and the event reaches every stream (guests included)", async () => {
      const { s, seed: c } = suite;
      const { pub } = await channels();
      const ev = await suite.streams(c);
      expect((await call(s, "PUT", `/group/${pub}`, c.bob, { name: "mine" })).statusCode).toBe(403);
      const got = await ev.capture(() => call(s, "PUT", `/group/${pub}`, c.admin, { description: "for everyone" }));
      const event = changed(pub, { description: "for everyone" });
      expectEvents(got, { admin: [event], bob: [event], carol: [event], otto: [event], guest: [event], bot: [event] });
      // A public channel has no owner to set, not even by an admin.
      expect((await call(s, "PUT", `/group/${pub}`, c.admin, { owner: c.bob.uid })).statusCode).toBe(403);
      expect((await card(pub)).owner).toBeNull();
    });

    it("the newer switches are stored, shown and included in the event only when set", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      const ev = await suite.streams(c);
      const body = { only_owner_can_send_msg: true, show_email: true, add_friend: false, dm_to_member: false, ext_setting: '{"x":1}' };
      const got = await ev.capture(async () => expect((await call(s, "PUT", `/group/${priv}`, c.bob, body)).statusCode).toBe(200));
      const event = changed(priv, body);
      expectEvents(got, { bob: [event], carol: [event], bot: [event] });
      expect(await card(priv, c.bob)).toMatchObject(body);
      // The switch takes effect: Carol may no longer post, the owner may.
      const send = (who: Session) =>
        s.app.inject({ method: "POST", url: `/api/group/${priv}/send`, headers: { ...who.headers, "content-type": "text/plain" }, payload: "hi" });
      expect((await send(c.carol)).statusCode).toBe(403);
      expect((await send(c.bob)).statusCode).toBe(200);
      // Null means "unchanged" (docs/API.md "Conventions"): only the name moves.
      await call(s, "PUT", `/group/${priv}`, c.bob, { name: "n2", show_email: null, ext_setting: null });
      expect(await card(priv, c.bob)).toMatchObject({ name: "n2", show_email: true, ext_setting: '{"x":1}' });
    });

    it("transfers ownership to a member; 400 for a non-member owner", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      const ev = await suite.streams(c);
      expect((await call(s, "PUT", `/group/${priv}`, c.bob, { owner: c.otto.uid })).statusCode).toBe(400);
      expect((await call(s, "PUT", `/group/${priv}`, c.bob, { owner: 999 })).statusCode).toBe(400);
      const got = await ev.capture(() => call(s, "PUT", `/group/${priv}`, c.bob, { owner: c.carol.uid }));
      const event = changed(priv, { owner: c.carol.uid });
      expectEvents(got, { bob: [event], carol: [event], bot: [event] });
      expect((await card(priv)).owner).toBe(c.carol.uid);
      // Bob is a plain member now; Carol manages the channel.
      expect((await call(s, "PUT", `/group/${priv}`, c.bob, { name: "x" })).statusCode).toBe(403);
      expect((await call(s, "PUT", `/group/${priv}`, c.carol, { name: "x" })).statusCode).toBe(200);
    });

    it("400 for an empty or malformed body, 404 unknown, and the caller matrix", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      for (const payload of [{}, { name: null }, { name: "" }, { name: "  " }, { name: "x".repeat(65) }, { owner: "x" }, { show_email: "yes" }, []]) {
        expect((await call(s, "PUT", `/group/${priv}`, c.bob, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await call(s, "PUT", "/group/999", c.admin, { name: "x" })).statusCode).toBe(404);
      expect((await call(s, "PUT", "/group/abc", c.admin, { name: "x" })).statusCode).toBe(400);
      await expectCallers((who) => call(s, "PUT", `/group/${priv}`, who, { description: "d" }), [
        [null, 401],
        [c.guest, 403],
        [c.carol, 403], // a member, not the owner
        [c.bot, 403], // a bot member is a member like any other
        [c.otto, 404], // not a member
        [c.bob, 200], // the owner
        [c.admin, 200], // an admin who is not a member
      ]);
    });
  });

  describe("DELETE /api/group/{gid}", () => {
    it("deletes a private channel with its messages: kick_from_group{group_deleted} to its members only", async () => {
      const { s, seed: c } = suite;
      const { priv, inPublic: kept } = await channelsWithMessages();
      await call(s, "POST", `/group/${priv}/announcement`, c.bob, { content: "hello" });
      await call(s, "GET", `/group/create_invite_private_magic_link?gid=${priv}`, c.bob);
      const ev = await suite.streams(c);
      const got = await captureEmptyOk(ev, () => call(s, "DELETE", `/group/${priv}`, c.bob));
      const event = { type: "kick_from_group", gid: priv, reason: "group_deleted" };
      expectEvents(got, { bob: [event], carol: [event], bot: [event] });

      expect((await call(s, "GET", `/group/${priv}`, c.bob)).statusCode).toBe(404);
      expect((await call(s, "GET", `/group/${priv}/history`, c.carol)).statusCode).toBe(404);
      expect((await call(s, "POST", `/group/${priv}/send`, c.carol)).statusCode).toBeGreaterThanOrEqual(400);
      const left = await s.ctx.db.selectFrom("messages").select("mid").execute();
      expect(left.map((r) => r.mid)).toEqual([kept]);
      for (const table of ["pinned_messages", "group_announcements", "invite_links", "group_members"] as const) {
        const rows = await s.ctx.db.selectFrom(table).selectAll().where("gid", "=", priv).execute();
        expect(rows, table).toEqual([]);
      }
      // Not replayed on a fresh connect either.
      ev.close();
      const again = await suite.streams({ carol: c.carol });
      const replay = again.clients.carol.events.filter((e) => e.type === "chat").map((e) => (e.type === "chat" ? e.mid : 0));
      again.close();
      expect(replay).toEqual([kept]);
    });

    it("a public channel: admins only; the kick reaches every stream", async () => {
      const { s, seed: c } = suite;
      const { pub } = await channels();
      const ev = await suite.streams(c);
      expect((await call(s, "DELETE", `/group/${pub}`, c.bob)).statusCode).toBe(403);
      const got = await ev.capture(async () => expect((await call(s, "DELETE", `/group/${pub}`, c.admin)).statusCode).toBe(200));
      const event = { type: "kick_from_group", gid: pub, reason: "group_deleted" };
      expectEvents(got, { admin: [event], bob: [event], carol: [event], otto: [event], guest: [event], bot: [event] });
    });

    it("the caller matrix, 404 and 400", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      await expectCallers((who) => call(s, "DELETE", `/group/${priv}`, who), [[null, 401], [c.guest, 403], [c.carol, 403], [c.bot, 403], [c.otto, 404]]);
      expect((await call(s, "DELETE", `/group/${priv}`, c.admin)).statusCode).toBe(200);
      expect((await call(s, "DELETE", `/group/${priv}`, c.admin)).statusCode).toBe(404);
      expect((await call(s, "DELETE", "/group/0", c.admin)).statusCode).toBe(400);
      const own = await buildChannel(s, c.otto, { name: "otto's" });
      expect((await call(s, "DELETE", `/group/${own}`, c.otto)).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/change_type", () => {
    it("public → private without a list: every non-guest user is a member, the caller owns it", async () => {
      const { s, seed: c } = suite;
      const { pub } = await channels();
      const ev = await suite.streams(c);
      const got = await ev.capture(async () => expect((await call(s, "POST", `/group/${pub}/change_type`, c.admin, { is_public: false })).statusCode).toBe(200));
      const members = [c.admin, c.bob, c.carol, c.otto, c.bot].map((x) => x.uid).sort((a, b) => a - b);
      const group = await card(pub);
      assertMatches("Group", group);
      expect(group).toMatchObject({ is_public: false, owner: c.admin.uid, members });
      // The owner in group_changed is the caller's uid (VoceChat 0.3 put the gid there).
      expect(pub).not.toBe(c.admin.uid);
      const mine = [changed(pub, { owner: c.admin.uid, is_public: false }), { type: "joined_group", group }];
      expectEvents(got, {
        admin: mine,
        bob: mine,
        carol: mine,
        otto: mine,
        bot: mine,
        guest: [{ type: "kick_from_group", gid: pub, reason: "kick" }],
      });
    });

    it("public → private with a list: those not on it are kicked", async () => {
      const { s, seed: c } = suite;
      const { pub } = await channels();
      const ev = await suite.streams(c);
      const got = await ev.capture(() => call(s, "POST", `/group/${pub}/change_type`, c.admin, { is_public: false, members: [c.carol.uid] }));
      const group = await card(pub);
      expect(group).toMatchObject({ owner: c.admin.uid, members: [c.admin.uid, c.carol.uid].sort((a, b) => a - b) });
      const mine = [changed(pub, { owner: c.admin.uid, is_public: false }), { type: "joined_group", group }];
      const kick = [{ type: "kick_from_group", gid: pub, reason: "kick" }];
      expectEvents(got, { admin: mine, carol: mine, bob: kick, otto: kick, bot: kick, guest: kick });
      expect((await call(s, "GET", `/group/${pub}/history`, c.otto)).statusCode).toBe(404);
    });

    it("private → public: owner and members dropped; members get group_changed, everyone the public card", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      const ev = await suite.streams(c);
      const got = await ev.capture(async () => expect((await call(s, "POST", `/group/${priv}/change_type`, c.bob, { is_public: true })).statusCode).toBe(200));
      const group = await card(priv, c.guest);
      assertMatches("Group", group);
      expect(group).toMatchObject({ is_public: true, owner: null, members: [] });
      const joined = { type: "joined_group", group };
      const member = [changed(priv, { is_public: true }), joined];
      expectEvents(got, { bob: member, carol: member, bot: member, admin: [joined], otto: [joined], guest: [joined] });
      expect((await call(s, "GET", `/group/${priv}/history`, c.otto)).statusCode).toBe(200);
      // Now public: only admins manage it.
      expect((await call(s, "POST", `/group/${priv}/change_type`, c.bob, { is_public: false })).statusCode).toBe(403);
    });

    it("the same type changes nothing and emits nothing", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      const ev = await suite.streams(c);
      const got = await ev.capture(async () => expect((await call(s, "POST", `/group/${priv}/change_type`, c.bob, { is_public: false })).statusCode).toBe(200));
      expectEvents(got, {});
      expect(await card(priv)).toMatchObject({ owner: c.bob.uid, is_public: false });
    });

    it("the caller matrix and bad input", async () => {
      const { s, seed: c } = suite;
      const { priv, pub } = await channels();
      await expectCallers((who) => call(s, "POST", `/group/${priv}/change_type`, who, { is_public: true }), [[null, 401], [c.guest, 403], [c.carol, 403], [c.bot, 403], [c.otto, 404]]);
      expect((await call(s, "POST", `/group/${pub}/change_type`, c.bob, { is_public: false })).statusCode).toBe(403);
      for (const payload of [{}, { is_public: "yes" }, { is_public: false, members: ["x"] }]) {
        expect((await call(s, "POST", `/group/${pub}/change_type`, c.admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const members of [[999], [c.guest.uid]]) {
        expect((await call(s, "POST", `/group/${pub}/change_type`, c.admin, { is_public: false, members })).statusCode).toBe(400);
      }
      expect((await card(pub)).is_public).toBe(true);
      expect((await call(s, "POST", "/group/999/change_type", c.admin, { is_public: false })).statusCode).toBe(404);
      expect((await call(s, "POST", `/group/${priv}/change_type`, c.admin, { is_public: true })).statusCode).toBe(200);
    });
  });

  describe("DELETE /api/group/{gid}/clear", () => {
    it("deletes the channel's messages and pins: pin removals, then group_message_cleared, to members only", async () => {
      const { s, seed: c } = suite;
      const { priv, pub, pinned: m1, inPublic: other } = await channelsWithMessages();
      const ev = await suite.streams(c);
      const got = await captureEmptyOk(ev, () => call(s, "DELETE", `/group/${priv}/clear`, c.bob));
      const mine = [
        { type: "pinned_message_updated", gid: priv, mid: m1, msg: null },
        { type: "group_message_cleared", gid: priv },
      ];
      expectEvents(got, { bob: mine, carol: mine, bot: mine });
      expect((await call(s, "GET", `/group/${priv}/history`, c.carol)).json()).toEqual([]);
      expect((await card(priv, c.bob)).pinned_messages).toEqual([]);
      expect(((await call(s, "GET", `/group/${pub}/history`, c.carol)).json() as { mid: number }[]).map((m) => m.mid)).toEqual([other]);
      // The channel itself stays usable.
      expect(await buildMessage(s, c.carol, { gid: priv }, "after")).toBeGreaterThan(other);
    });

    it("a public channel: admins only; the event reaches every stream", async () => {
      const { s, seed: c } = suite;
      const { pub } = await channels();
      await buildMessage(s, c.carol, { gid: pub }, "hello");
      const ev = await suite.streams(c);
      expect((await call(s, "DELETE", `/group/${pub}/clear`, c.bob)).statusCode).toBe(403);
      const got = await ev.capture(() => call(s, "DELETE", `/group/${pub}/clear`, c.admin));
      const event = { type: "group_message_cleared", gid: pub };
      expectEvents(got, { admin: [event], bob: [event], carol: [event], otto: [event], guest: [event], bot: [event] });
      expect((await call(s, "GET", `/group/${pub}/history`, c.carol)).json()).toEqual([]);
    });

    it("the caller matrix and 404", async () => {
      const { s, seed: c } = suite;
      const { priv } = await channels();
      await buildMessage(s, c.carol, { gid: priv }, "keep me");
      await expectCallers((who) => call(s, "DELETE", `/group/${priv}/clear`, who), [[null, 401], [c.guest, 403], [c.carol, 403], [c.bot, 403], [c.otto, 404]]);
      expect((await call(s, "GET", `/group/${priv}/history`, c.carol)).json()).toHaveLength(1);
      expect((await call(s, "DELETE", `/group/${priv}/clear`, c.admin)).statusCode).toBe(200);
      expect((await call(s, "DELETE", "/group/999/clear", c.admin)).statusCode).toBe(404);
    });
  });
});
