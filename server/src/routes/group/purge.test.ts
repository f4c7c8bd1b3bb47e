import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialects, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { buildChannel, buildMessage, buildUser } from "../../test/factories.js";

/**
 * A channel that goes away — deleted by its owner, or with its owner's account — takes along
 * everything that points at it, including other users' mutes, read markers and pinned chats.
 */
describe.each(dialects())("purging a channel (%s)", (dialect) => {
  let s: TestServer;
  let owner: Session;
  let member: Session;
  let gid: number;

  const settingsRows = async () => {
    const counts: number[] = [];
    for (const table of ["user_mutes", "user_read_indexes", "user_pinned_chats", "user_burn_after_reading"] as const) {
      const rows = await s.ctx.db.selectFrom(table).select("uid").where("kind", "=", "group").where("target_id", "=", gid).execute();
      counts.push(rows.length);
    }
    return counts;
  };
  const count = async (table: "pinned_messages" | "group_announcements" | "invite_links" | "group_members") =>
    (await s.ctx.db.selectFrom(table).select("gid").where("gid", "=", gid).execute()).length;

  beforeEach(async () => {
    s = await startTestServer(dialect);
    await buildUser(s, "Root", "admin");
    owner = await buildUser(s, "Bob");
    member = await buildUser(s, "Milo");
    gid = await buildChannel(s, owner, { name: "team", members: [member.uid] });
    const mid = await buildMessage(s, member, { gid: gid }, "hello");
    const post = (who: Session, url: string, payload: unknown) =>
      s.app.inject({ method: "POST", url, headers: who.headers, payload: payload as never });
    expect((await post(member, "/api/user/mute", { add_groups: [{ gid }] })).statusCode).toBe(200);
    expect((await post(member, "/api/user/read-index", { groups: [{ gid, mid }] })).statusCode).toBe(200);
    expect((await post(member, "/api/user/pin_chat", { target: { gid } })).statusCode).toBe(200);
    expect((await post(member, "/api/user/burn-after-reading", { groups: [{ gid, expires_in: 300 }] })).statusCode).toBe(200);
    expect((await post(owner, `/api/group/${gid}/pin`, { mid })).statusCode).toBe(200);
    expect((await post(owner, `/api/group/${gid}/announcement`, { content: "hi" })).statusCode).toBe(200);
    const link = await s.app.inject({ method: "GET", url: `/api/group/create_invite_private_magic_link?gid=${gid}`, headers: owner.headers });
    expect(link.statusCode).toBe(200);
    expect(await settingsRows()).toEqual([1, 1, 1, 1]);
  });
  afterEach(async () => {
    await s.close();
  });

  const expectGone = async () => {
    expect(await settingsRows()).toEqual([0, 0, 0, 0]);
    for (const table of ["pinned_messages", "group_announcements", "invite_links", "group_members"] as const) {
      expect(await count(table), table).toBe(0);
    }
    const messages = await s.ctx.db.selectFrom("messages").select("mid").where("target_gid", "=", gid).execute();
    expect(messages).toEqual([]);
  };

  it("when its owner deletes it", async () => {
    const res = await s.app.inject({ method: "DELETE", url: `/api/group/${gid}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    await expectGone();
  });

  it("when its owner deletes their account", async () => {
    const res = await s.app.inject({ method: "DELETE", url: "/api/user/delete", headers: owner.headers });
    expect(res.statusCode).toBe(200);
    await expectGone();
    expect((await s.app.inject({ method: "GET", url: `/api/group/${gid}`, headers: member.headers })).statusCode).toBe(404);
  });
});
