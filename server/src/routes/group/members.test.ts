import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel, buildUser } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectEvents, captureEmptyOk } from "../../test/events.js";
import { expectCallers } from "../../test/matrix.js";

/** `GET /group/{gid}/leave`, `POST /group/{gid}/members/add|remove`, and `only_admin_can_see_channel_members`. */
describe.each(dialects())("channel membership (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  const card = async (gid: number, who: Session = suite.seed.admin) => (await call(suite.s, "GET", `/group/${gid}`, who)).json() as Record<string, unknown>;
  const sorted = (...who: Session[]) => who.map((x) => x.uid).sort((a, b) => a - b);
  const setExt = (ext: Record<string, boolean>) => suite.s.ctx.repos.config.set("system_common", { ext_setting: JSON.stringify(ext) });
  const name = (who: Session | null) => who?.login.user.name ?? "anonymous";

  describe("GET /api/group/{gid}/leave", () => {
    it("a member leaves: user_leaved_group{uid:[leaver]} to the members, leaver included, nobody else", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.otto.uid] });
      const ev = await suite.streams(c);
      const got = await captureEmptyOk(ev, () => call(s, "GET", `/group/${gid}/leave`, c.carol));
      const event = { type: "user_leaved_group", gid, uid: [c.carol.uid] };
      expectEvents(got, { bob: [event], carol: [event], otto: [event] });
      expect((await card(gid)).members).toEqual(sorted(c.bob, c.otto));
      expect((await call(s, "GET", `/group/${gid}/history`, c.carol)).statusCode).toBe(404);
      expect((await call(s, "GET", `/group/${gid}`, c.carol)).statusCode).toBe(404);
      // Leaving again: no longer a member, and the channel is no longer visible.
      expect((await call(s, "GET", `/group/${gid}/leave`, c.carol)).statusCode).toBe(404);
    });

    it("403 for the owner, a public channel and non-members; 404; the caller matrix", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
      const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
      await expectCallers((who) => call(s, "GET", `/group/${gid}/leave`, who), [
        [null, 401],
        [c.guest, 403],
        [c.bob, 403], // the owner must hand the channel over first
        [c.otto, 404], // not a member
        [c.admin, 403], // an admin who is not a member has nothing to leave
        [c.bot, 200], // a bot member leaves like anyone
        [c.carol, 200],
      ]);
      expect((await card(gid)).members).toEqual([c.bob.uid]);
      expect((await call(s, "GET", `/group/${pub}/leave`, c.carol)).statusCode).toBe(403);
      expect((await call(s, "GET", "/group/999/leave", c.carol)).statusCode).toBe(404);
      // After handing over, the former owner may leave.
      await call(s, "POST", `/group/${gid}/members/add`, c.bob, [c.carol.uid]);
      expect((await call(s, "PUT", `/group/${gid}`, c.bob, { owner: c.carol.uid })).statusCode).toBe(200);
      expect((await call(s, "GET", `/group/${gid}/leave`, c.bob)).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/members/add", () => {
    it("joined_group to the new members, user_joined_group to the existing ones, nothing to others", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      const ev = await suite.streams(c);
      const got = await captureEmptyOk(ev, () => call(s, "POST", `/group/${gid}/members/add`, c.carol, [c.otto.uid, c.bot.uid, c.otto.uid]));
      const group = await card(gid, c.bob);
      assertMatches("Group", group);
      expect(group.members).toEqual(sorted(c.bob, c.carol, c.otto, c.bot));
      const joined = { type: "joined_group", group };
      const existing = { type: "user_joined_group", gid, uid: sorted(c.otto, c.bot) };
      expectEvents(got, { otto: [joined], bot: [joined], bob: [existing], carol: [existing] });
      expect((await call(s, "GET", `/group/${gid}/history`, c.otto)).statusCode).toBe(200);
    });

    it("400 for unknown, guest or existing uids and bad bodies; 403 public; 404; the caller matrix", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
      const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
      for (const body of [[999], [c.guest.uid], [c.carol.uid], [c.otto.uid, c.carol.uid], { uid: c.otto.uid }, ["x"], [0]]) {
        expect((await call(s, "POST", `/group/${gid}/members/add`, c.bob, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await card(gid)).members).toEqual(sorted(c.bob, c.carol, c.bot));
      expect((await call(s, "POST", `/group/${pub}/members/add`, c.admin, [c.otto.uid])).statusCode).toBe(403);
      expect((await call(s, "POST", "/group/999/members/add", c.admin, [c.otto.uid])).statusCode).toBe(404);
      // An empty list is accepted and changes nothing.
      expect((await call(s, "POST", `/group/${gid}/members/add`, c.bob, [])).statusCode).toBe(200);

      const extra = [] as Session[];
      for (const n of ["A1", "A2", "A3"]) extra.push(await buildUser(s, n));
      const matrix: [Session | null, number, Session][] = [
        [null, 401, extra[0]],
        [c.guest, 403, extra[0]],
        [c.otto, 404, extra[0]], // not a member
        [c.carol, 200, extra[0]], // any member may add
        [c.bot, 200, extra[1]], // a bot member too
        [c.admin, 200, extra[2]], // an admin who is not a member
      ];
      for (const [who, status, target] of matrix) {
        expect((await call(s, "POST", `/group/${gid}/members/add`, who, [target.uid])).statusCode, name(who)).toBe(status);
      }
      expect((await card(gid)).members).toEqual(sorted(c.bob, c.carol, c.bot, ...extra));
    });

    it("admin_only_can_invite: only admins may add members", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      await setExt({ admin_only_can_invite: true });
      expect((await call(s, "POST", `/group/${gid}/members/add`, c.carol, [c.otto.uid])).statusCode).toBe(403);
      expect((await call(s, "POST", `/group/${gid}/members/add`, c.bob, [c.otto.uid])).statusCode).toBe(403);
      expect((await call(s, "POST", `/group/${gid}/members/add`, c.admin, [c.otto.uid])).statusCode).toBe(200);
      await setExt({ admin_only_can_invite: false });
      expect((await call(s, "POST", `/group/${gid}/members/add`, c.carol, [c.bot.uid])).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/members/remove", () => {
    it("kick_from_group{kick} to the removed, user_leaved_group to the remaining members", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.otto.uid, c.bot.uid] });
      const ev = await suite.streams(c);
      const got = await captureEmptyOk(ev, () => call(s, "POST", `/group/${gid}/members/remove`, c.bob, [c.carol.uid, c.bot.uid]));
      const kick = { type: "kick_from_group", gid, reason: "kick" };
      const left = { type: "user_leaved_group", gid, uid: sorted(c.carol, c.bot) };
      expectEvents(got, { carol: [kick], bot: [kick], bob: [left], otto: [left] });
      expect((await card(gid)).members).toEqual(sorted(c.bob, c.otto));
      expect((await call(s, "GET", `/group/${gid}/history`, c.carol)).statusCode).toBe(404);
    });

    it("403 removing the owner, public, non-managers; 404 a non-member; the caller matrix", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.otto.uid, c.bot.uid] });
      const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
      expect((await call(s, "POST", `/group/${gid}/members/remove`, c.admin, [c.bob.uid])).statusCode).toBe(403);
      expect((await call(s, "POST", `/group/${gid}/members/remove`, c.bob, [c.guest.uid])).statusCode).toBe(404);
      expect((await call(s, "POST", `/group/${gid}/members/remove`, c.bob, [999])).statusCode).toBe(404);
      expect((await call(s, "POST", `/group/${pub}/members/remove`, c.admin, [c.carol.uid])).statusCode).toBe(403);
      expect((await call(s, "POST", "/group/999/members/remove", c.admin, [c.carol.uid])).statusCode).toBe(404);
      expect((await call(s, "POST", `/group/${gid}/members/remove`, c.bob, { uid: c.carol.uid })).statusCode).toBe(400);
      const matrix: [Session | null, number, Session][] = [
        [null, 401, c.otto],
        [c.guest, 403, c.otto],
        [c.carol, 403, c.otto], // a member, not the owner
        [c.bot, 403, c.otto],
        [c.otto, 403, c.carol], // a member removing another
        [c.admin, 200, c.otto], // an admin who is not a member
        [c.bob, 200, c.bot], // the owner
      ];
      for (const [who, status, target] of matrix) {
        expect((await call(s, "POST", `/group/${gid}/members/remove`, who, [target.uid])).statusCode, name(who)).toBe(status);
      }
      expect((await card(gid)).members).toEqual(sorted(c.bob, c.carol));
    });
  });

  describe("only_admin_can_see_channel_members", () => {
    it("hides the member list from non-admins who do not own the channel, but keeps their own membership", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.otto.uid] });
      const all = sorted(c.bob, c.carol, c.otto);
      expect((await card(gid, c.carol)).members).toEqual(all);
      await setExt({ only_admin_can_see_channel_members: true });
      expect((await card(gid, c.carol)).members).toEqual([c.carol.uid]);
      expect((await card(gid, c.bob)).members).toEqual(all);
      expect((await card(gid, c.admin)).members).toEqual(all);
      const list = (await call(s, "GET", "/group", c.otto)).json() as { gid: number; members: number[] }[];
      expect(list.find((g) => g.gid === gid)?.members).toEqual([c.otto.uid]);
      // The connect sequence too.
      const url = await s.listen();
      const carol = await openEvents(url, { "api-key": c.carol.token });
      const related = await carol.waitFor<EventOf<"related_groups">>((e) => e.type === "related_groups");
      carol.close();
      expect(related.groups.find((g) => g.gid === gid)?.members).toEqual([c.carol.uid]);
    });

    it("membership events: admins and the owner hear everything, others only about themselves", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.admin.uid] });
      await setExt({ only_admin_can_see_channel_members: true });
      const ev = await suite.streams(c);
      const got = await ev.capture(() => call(s, "POST", `/group/${gid}/members/add`, c.bob, [c.otto.uid, c.bot.uid]));
      const full = await card(gid, c.bob);
      const joinedFor = (who: Session) => ({ type: "joined_group", group: { ...full, members: [who.uid] } });
      const existing = { type: "user_joined_group", gid, uid: sorted(c.otto, c.bot) };
      expectEvents(got, { otto: [joinedFor(c.otto)], bot: [joinedFor(c.bot)], bob: [existing], admin: [existing] });

      const left = await ev.capture(() => call(s, "GET", `/group/${gid}/leave`, c.carol));
      const leaved = { type: "user_leaved_group", gid, uid: [c.carol.uid] };
      expectEvents(left, { carol: [leaved], bob: [leaved], admin: [leaved] });

      const removed = await ev.capture(() => call(s, "POST", `/group/${gid}/members/remove`, c.bob, [c.bot.uid]));
      const kicked = { type: "user_leaved_group", gid, uid: [c.bot.uid] };
      expectEvents(removed, { bot: [{ type: "kick_from_group", gid, reason: "kick" }], bob: [kicked], admin: [kicked] });
    });
  });
});
