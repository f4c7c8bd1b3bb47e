import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, login, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildBot, buildCast, buildChannel, buildDevice, buildMember, buildMessage } from "../../test/factories.js";
import { fence, isType, marks, withoutNoise, userLogEntry } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("DELETE /api/user/delete (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });

  const del = (who: Session | null) => suite.s.app.inject({ method: "DELETE", url: "/api/user/delete", headers: who?.headers ?? {} });
  const get = (url: string, who: Session) => suite.s.app.inject({ method: "GET", url, headers: who.headers });

  it("runs the account-deletion cascade (docs/API.md 'Deleting an account') in order, to exactly the right streams, and keeps the messages", async () => {
    const { s, seed: { admin, bob, carol } } = suite;
    const dave = await buildMember(s, admin, "Dave");
    const pub = await buildChannel(s, admin, { name: "general", is_public: true });
    const bobs = await buildChannel(s, bob, { name: "bob's", members: [carol.uid] });
    const bobsAlone = await buildChannel(s, bob, { name: "bob alone" });
    const staff = await buildChannel(s, admin, { name: "staff", members: [bob.uid, carol.uid] });
    const quiet = await buildChannel(s, admin, { name: "quiet", members: [carol.uid] });
    const kept = await buildMessage(s, bob, { gid: pub }, "still here after I go");
    await buildMessage(s, bob, { uid: carol.uid }, "a DM");
    await s.app.inject({ method: "POST", url: "/api/user/mute", headers: carol.headers, payload: { add_users: [{ uid: bob.uid }] } });
    await s.app.inject({ method: "POST", url: "/api/user/update_contact_status", headers: carol.headers, payload: { target_uid: bob.uid, action: "add" } });

    const bobPhone = await buildDevice(s, bob);
    const bobStreams = await suite.connect(bob, bobPhone);
    const [a, c, d] = await suite.connect(admin, carol, dave);
    const from = marks([a, c, d]);
    const version = await s.ctx.repos.users.usersVersion();

    const res = await del(bob);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");

    for (const stream of bobStreams) {
      expect(await stream.waitFor(isType("kick"))).toEqual({ type: "kick", reason: "delete_user" });
      await stream.ended;
    }
    const log = { type: "users_log", logs: [userLogEntry(version + 1, "delete", bob.uid)] };
    assertMatches("UsersUpdateLogMessage", log);
    const leftPublic = { type: "user_leaved_group", gid: pub, uid: [bob.uid] };
    const leftStaff = { type: "user_leaved_group", gid: staff, uid: [bob.uid] };
    const kicked = { type: "kick_from_group", gid: bobs, reason: "group_deleted" };
    assertMatches("UserLeavedGroupMessage", leftStaff);
    assertMatches("KickFromGroupMessage", kicked);
    const [seenAdmin, seenCarol, seenDave] = (await fence(s, [a, c, d], from)).map(withoutNoise);
    expect(seenCarol).toEqual([log, kicked, leftStaff, leftPublic] as ServerEvent[]);
    expect(seenAdmin).toEqual([log, leftStaff, leftPublic] as ServerEvent[]);
    expect(seenDave).toEqual([log, leftPublic] as ServerEvent[]);
    void quiet;

    // The account, its sessions, its private groups and settings pointing at it are gone.
    expect((await get("/api/user/me", bob)).statusCode).toBe(404);
    expect((await get(`/api/user/${bob.uid}`, admin)).statusCode).toBe(404);
    await expect(login(s, "bob@example.com", "member-pass")).rejects.toThrow(/404/);
    expect((await openEvents(s.url, { "api-key": bob.token })).status).toBe(403);
    for (const gid of [bobs, bobsAlone]) expect((await get(`/api/group/${gid}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/group/${staff}`, admin)).json()).toMatchObject({ members: [admin.uid, carol.uid] });
    expect((await get("/api/user/contacts", carol)).json()).toEqual([]);
    expect(await s.ctx.db.selectFrom("user_mutes").selectAll().where("target_id", "=", bob.uid).execute()).toEqual([]);
    // Messages are kept.
    expect(await s.ctx.repos.messages.byId(kept)).toMatchObject({ from_uid: bob.uid });
    expect(((await get(`/api/user/${bob.uid}/history`, carol)).json() as unknown[]).length).toBe(1);
  });

  it("Parley fix: the last admin (the founder) cannot delete themself; with another admin they can", async () => {
    const { s, seed: { admin } } = suite;
    const res = await del(admin);
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toContain("text/plain");
    // A bot admin does not count: it cannot run the server.
    await buildBot(s, "AdminBot", { is_admin: true });
    expect((await del(admin)).statusCode).toBe(403);
    expect((await get("/api/user/me", admin)).statusCode).toBe(200);

    const second = await buildMember(s, admin, "Second", { is_admin: true });
    expect((await del(admin)).statusCode).toBe(200);
    expect(await s.ctx.repos.users.byId(admin.uid)).toBeUndefined();
    // Now the second admin is the last one.
    expect((await del(second)).statusCode).toBe(403);
  });

  it("a guest's deletion only kicks its own devices (guests were never announced)", async () => {
    const { s, seed: { admin, guest } } = suite;
    const [watcher] = await suite.connect(admin);
    const [guestStream] = await suite.connect(guest);
    const from = marks([watcher]);
    expect((await del(guest)).statusCode).toBe(200);
    expect(await guestStream.waitFor(isType("kick"))).toEqual({ type: "kick", reason: "delete_user" });
    const [seen] = await fence(s, [watcher], from);
    expect(withoutNoise(seen)).toEqual([]);
  });

  it("authorization: anonymous 401; guests, members and bots may leave; the last admin 403", async () => {
    const { seed: cast } = suite;
    await expectMatrix(cast, (who) => del(who), { anonymous: 401, guest: 200, member: 200, bot: 200, admin: 403 });
  });
});
