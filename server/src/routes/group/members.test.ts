import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { dialects, startTestServer, type Session, type TestServer } from "../../test/harness.js";
import { openEvents } from "../../test/sse.js";
import { api, channel, expectEvents, seedCast, seedUser, Streams, type Cast } from "./testkit.js";

/** `GET /group/{gid}/leave`, `POST /group/{gid}/members/add|remove`, and `only_admin_can_see_channel_members`. */
describe.each(dialects())("channel membership (%s)", (dialect) => {
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
  const sorted = (...who: Session[]) => who.map((x) => x.uid).sort((a, b) => a - b);
  const setExt = (ext: Record<string, boolean>) => s.ctx.repos.config.set("system_common", { ext_setting: JSON.stringify(ext) });
  const name = (who: Session | null) => who?.login.user.name ?? "anonymous";

  describe("GET /api/group/{gid}/leave", () => {
    it("a member leaves: user_leaved_group{uid:[leaver]} to the members, leaver included, nobody else", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.otto.uid] });
      const ev = await listen();
      let res!: Awaited<ReturnType<typeof api>>;
      const got = await ev.capture(async () => {
        res = await api(s, "GET", `/group/${gid}/leave`, c.mia);
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const event = { type: "user_leaved_group", gid, uid: [c.mia.uid] };
      expectEvents(got, { olive: [event], mia: [event], otto: [event] });
      expect((await card(gid)).members).toEqual(sorted(c.olive, c.otto));
      expect((await api(s, "GET", `/group/${gid}/history`, c.mia)).statusCode).toBe(404);
      expect((await api(s, "GET", `/group/${gid}`, c.mia)).statusCode).toBe(404);
      // Leaving again: no longer a member, and the channel is no longer visible.
      expect((await api(s, "GET", `/group/${gid}/leave`, c.mia)).statusCode).toBe(404);
    });

    it("403 for the owner, a public channel and non-members; 404; the caller matrix", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.bot.uid] });
      const pub = await channel(s, c.admin, { name: "general", is_public: true });
      const matrix: [Session | null, number][] = [
        [null, 401],
        [c.guest, 403],
        [c.olive, 403], // the owner must hand the channel over first
        [c.otto, 404], // not a member
        [c.admin, 403], // an admin who is not a member has nothing to leave
        [c.bot, 200], // a bot member leaves like anyone
        [c.mia, 200],
      ];
      for (const [who, status] of matrix) expect((await api(s, "GET", `/group/${gid}/leave`, who)).statusCode, name(who)).toBe(status);
      expect((await card(gid)).members).toEqual([c.olive.uid]);
      expect((await api(s, "GET", `/group/${pub}/leave`, c.mia)).statusCode).toBe(403);
      expect((await api(s, "GET", "/group/999/leave", c.mia)).statusCode).toBe(404);
      // After handing over, the former owner may leave.
      await api(s, "POST", `/group/${gid}/members/add`, c.olive, [c.mia.uid]);
      expect((await api(s, "PUT", `/group/${gid}`, c.olive, { owner: c.mia.uid })).statusCode).toBe(200);
      expect((await api(s, "GET", `/group/${gid}/leave`, c.olive)).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/members/add", () => {
    it("joined_group to the new members, user_joined_group to the existing ones, nothing to others", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid] });
      const ev = await listen();
      let res!: Awaited<ReturnType<typeof api>>;
      const got = await ev.capture(async () => {
        res = await api(s, "POST", `/group/${gid}/members/add`, c.mia, [c.otto.uid, c.bot.uid, c.otto.uid]);
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const group = await card(gid, c.olive);
      assertMatches("Group", group);
      expect(group.members).toEqual(sorted(c.olive, c.mia, c.otto, c.bot));
      const joined = { type: "joined_group", group };
      const existing = { type: "user_joined_group", gid, uid: sorted(c.otto, c.bot) };
      expectEvents(got, { otto: [joined], bot: [joined], olive: [existing], mia: [existing] });
      expect((await api(s, "GET", `/group/${gid}/history`, c.otto)).statusCode).toBe(200);
    });

    it("400 for unknown, guest or existing uids and bad bodies; 403 public; 404; the caller matrix", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.bot.uid] });
      const pub = await channel(s, c.admin, { name: "general", is_public: true });
      for (const body of [[999], [c.guest.uid], [c.mia.uid], [c.otto.uid, c.mia.uid], { uid: c.otto.uid }, ["x"], [0]]) {
        expect((await api(s, "POST", `/group/${gid}/members/add`, c.olive, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await card(gid)).members).toEqual(sorted(c.olive, c.mia, c.bot));
      expect((await api(s, "POST", `/group/${pub}/members/add`, c.admin, [c.otto.uid])).statusCode).toBe(403);
      expect((await api(s, "POST", "/group/999/members/add", c.admin, [c.otto.uid])).statusCode).toBe(404);
      // An empty list is accepted and changes nothing.
      expect((await api(s, "POST", `/group/${gid}/members/add`, c.olive, [])).statusCode).toBe(200);

      const extra = [] as Session[];
      for (const n of ["A1", "A2", "A3"]) extra.push(await seedUser(s, n));
      const matrix: [Session | null, number, Session][] = [
        [null, 401, extra[0]],
        [c.guest, 403, extra[0]],
        [c.otto, 404, extra[0]], // not a member
        [c.mia, 200, extra[0]], // any member may add
        [c.bot, 200, extra[1]], // a bot member too
        [c.admin, 200, extra[2]], // an admin who is not a member
      ];
      for (const [who, status, target] of matrix) {
        expect((await api(s, "POST", `/group/${gid}/members/add`, who, [target.uid])).statusCode, name(who)).toBe(status);
      }
      expect((await card(gid)).members).toEqual(sorted(c.olive, c.mia, c.bot, ...extra));
    });

    it("admin_only_can_invite: only admins may add members", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid] });
      await setExt({ admin_only_can_invite: true });
      expect((await api(s, "POST", `/group/${gid}/members/add`, c.mia, [c.otto.uid])).statusCode).toBe(403);
      expect((await api(s, "POST", `/group/${gid}/members/add`, c.olive, [c.otto.uid])).statusCode).toBe(403);
      expect((await api(s, "POST", `/group/${gid}/members/add`, c.admin, [c.otto.uid])).statusCode).toBe(200);
      await setExt({ admin_only_can_invite: false });
      expect((await api(s, "POST", `/group/${gid}/members/add`, c.mia, [c.bot.uid])).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/members/remove", () => {
    it("kick_from_group{kick} to the removed, user_leaved_group to the remaining members", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.otto.uid, c.bot.uid] });
      const ev = await listen();
      let res!: Awaited<ReturnType<typeof api>>;
      const got = await ev.capture(async () => {
        res = await api(s, "POST", `/group/${gid}/members/remove`, c.olive, [c.mia.uid, c.bot.uid]);
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const kick = { type: "kick_from_group", gid, reason: "kick" };
      const left = { type: "user_leaved_group", gid, uid: sorted(c.mia, c.bot) };
      expectEvents(got, { mia: [kick], bot: [kick], olive: [left], otto: [left] });
      expect((await card(gid)).members).toEqual(sorted(c.olive, c.otto));
      expect((await api(s, "GET", `/group/${gid}/history`, c.mia)).statusCode).toBe(404);
    });

    it("403 removing the owner, public, non-managers; 404 a non-member; the caller matrix", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.otto.uid, c.bot.uid] });
      const pub = await channel(s, c.admin, { name: "general", is_public: true });
      expect((await api(s, "POST", `/group/${gid}/members/remove`, c.admin, [c.olive.uid])).statusCode).toBe(403);
      expect((await api(s, "POST", `/group/${gid}/members/remove`, c.olive, [c.guest.uid])).statusCode).toBe(404);
      expect((await api(s, "POST", `/group/${gid}/members/remove`, c.olive, [999])).statusCode).toBe(404);
      expect((await api(s, "POST", `/group/${pub}/members/remove`, c.admin, [c.mia.uid])).statusCode).toBe(403);
      expect((await api(s, "POST", "/group/999/members/remove", c.admin, [c.mia.uid])).statusCode).toBe(404);
      expect((await api(s, "POST", `/group/${gid}/members/remove`, c.olive, { uid: c.mia.uid })).statusCode).toBe(400);
      const matrix: [Session | null, number, Session][] = [
        [null, 401, c.otto],
        [c.guest, 403, c.otto],
        [c.mia, 403, c.otto], // a member, not the owner
        [c.bot, 403, c.otto],
        [c.otto, 403, c.mia], // a member removing another
        [c.admin, 200, c.otto], // an admin who is not a member
        [c.olive, 200, c.bot], // the owner
      ];
      for (const [who, status, target] of matrix) {
        expect((await api(s, "POST", `/group/${gid}/members/remove`, who, [target.uid])).statusCode, name(who)).toBe(status);
      }
      expect((await card(gid)).members).toEqual(sorted(c.olive, c.mia));
    });
  });

  describe("only_admin_can_see_channel_members", () => {
    it("hides the member list from non-admins who do not own the channel, but keeps their own membership", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.otto.uid] });
      const all = sorted(c.olive, c.mia, c.otto);
      expect((await card(gid, c.mia)).members).toEqual(all);
      await setExt({ only_admin_can_see_channel_members: true });
      expect((await card(gid, c.mia)).members).toEqual([c.mia.uid]);
      expect((await card(gid, c.olive)).members).toEqual(all);
      expect((await card(gid, c.admin)).members).toEqual(all);
      const list = (await api(s, "GET", "/group", c.otto)).json() as { gid: number; members: number[] }[];
      expect(list.find((g) => g.gid === gid)?.members).toEqual([c.otto.uid]);
      // The connect sequence too.
      const url = await s.listen();
      const mia = await openEvents(url, { "api-key": c.mia.token });
      const related = await mia.waitFor<EventOf<"related_groups">>((e) => e.type === "related_groups");
      mia.close();
      expect(related.groups.find((g) => g.gid === gid)?.members).toEqual([c.mia.uid]);
    });

    it("membership events: admins and the owner hear everything, others only about themselves", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.admin.uid] });
      await setExt({ only_admin_can_see_channel_members: true });
      const ev = await listen();
      const got = await ev.capture(() => api(s, "POST", `/group/${gid}/members/add`, c.olive, [c.otto.uid, c.bot.uid]));
      const full = await card(gid, c.olive);
      const joinedFor = (who: Session) => ({ type: "joined_group", group: { ...full, members: [who.uid] } });
      const existing = { type: "user_joined_group", gid, uid: sorted(c.otto, c.bot) };
      expectEvents(got, { otto: [joinedFor(c.otto)], bot: [joinedFor(c.bot)], olive: [existing], admin: [existing] });

      const left = await ev.capture(() => api(s, "GET", `/group/${gid}/leave`, c.mia));
      const leaved = { type: "user_leaved_group", gid, uid: [c.mia.uid] };
      expectEvents(left, { mia: [leaved], olive: [leaved], admin: [leaved] });

      const removed = await ev.capture(() => api(s, "POST", `/group/${gid}/members/remove`, c.olive, [c.bot.uid]));
      const kicked = { type: "user_leaved_group", gid, uid: [c.bot.uid] };
      expectEvents(removed, { bot: [{ type: "kick_from_group", gid, reason: "kick" }], olive: [kicked], admin: [kicked] });
    });
  });
});
