import { describe, expect, it } from "vitest";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildChannel, buildMessage, buildUser } from "../../test/factories.js";
import { call } from "../../test/api.js";

/**
 * A channel that goes away — deleted by its owner, or with its owner's account — takes along
 * everything that points at it, including other users' mutes, read markers and pinned chats.
 */
/** Per settings table, how many rows name channel `gid`. */
async function settingsRows(s: TestServer, gid: number) {
  const counts: number[] = [];
  for (const table of ["user_mutes", "user_read_indexes", "user_pinned_chats", "user_burn_after_reading"] as const) {
    const rows = await s.ctx.db.selectFrom(table).select("uid").where("kind", "=", "group").where("target_id", "=", gid).execute();
    counts.push(rows.length);
  }
  return counts;
}

describe.each(dialects())("purging a channel (%s)", (dialect) => {
  /** Bob's private channel with Milo in it, and everything that names it: a message, Milo's settings, a pin, an announcement, an invite link. */
  const suite = useSuite(dialect, {
    seed: async (s) => {
      await buildUser(s, "Root", "admin");
      const owner = await buildUser(s, "Bob");
      const member = await buildUser(s, "Milo");
      const gid = await buildChannel(s, owner, { name: "team", members: [member.uid] });
      const mid = await buildMessage(s, member, { gid: gid }, "hello");
      const post = (who: Session, url: string, payload: unknown) => call(s, "POST", url, who, payload);
      expect((await post(member, "/user/mute", { add_groups: [{ gid }] })).statusCode).toBe(200);
      expect((await post(member, "/user/read-index", { groups: [{ gid, mid }] })).statusCode).toBe(200);
      expect((await post(member, "/user/pin_chat", { target: { gid } })).statusCode).toBe(200);
      expect((await post(member, "/user/burn-after-reading", { groups: [{ gid, expires_in: 300 }] })).statusCode).toBe(200);
      expect((await post(owner, `/group/${gid}/pin`, { mid })).statusCode).toBe(200);
      expect((await post(owner, `/group/${gid}/announcement`, { content: "hi" })).statusCode).toBe(200);
      expect((await call(s, "GET", `/group/create_invite_private_magic_link?gid=${gid}`, owner)).statusCode).toBe(200);
      expect(await settingsRows(s, gid)).toEqual([1, 1, 1, 1]);
      return { owner, member, gid };
    },
  });
  const count = async (table: "pinned_messages" | "group_announcements" | "invite_links" | "group_members") =>
    (await suite.s.ctx.db.selectFrom(table).select("gid").where("gid", "=", suite.seed.gid).execute()).length;

  const expectGone = async () => {
    expect(await settingsRows(suite.s, suite.seed.gid)).toEqual([0, 0, 0, 0]);
    for (const table of ["pinned_messages", "group_announcements", "invite_links", "group_members"] as const) {
      expect(await count(table), table).toBe(0);
    }
    const messages = await suite.s.ctx.db.selectFrom("messages").select("mid").where("target_gid", "=", suite.seed.gid).execute();
    expect(messages).toEqual([]);
  };

  it("when its owner deletes it", async () => {
    const { s, seed: { owner, gid } } = suite;
    const res = await s.app.inject({ method: "DELETE", url: `/api/group/${gid}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    await expectGone();
  });

  it("when its owner deletes their account", async () => {
    const { s, seed: { owner, member, gid } } = suite;
    const res = await s.app.inject({ method: "DELETE", url: "/api/user/delete", headers: owner.headers });
    expect(res.statusCode).toBe(200);
    await expectGone();
    expect((await s.app.inject({ method: "GET", url: `/api/group/${gid}`, headers: member.headers })).statusCode).toBe(404);
  });
});
