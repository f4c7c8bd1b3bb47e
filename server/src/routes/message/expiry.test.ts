import { describe, expect, it } from "vitest";
import type { EventOf, ServerEvent } from "@parley/protocol";
import { sweepExpiredMessages } from "../../commands/messages.js";
import { dialects } from "../../test/harness.js";
import { buildChatSetup, buildMessage } from "../../test/factories.js";
import { messageApi, midOf } from "../../test/api.js";
import { expectChatEvent } from "../../test/events.js";
import { useSuite } from "../../test/suite.js";

const deleteOf = (mid: number) => (e: ServerEvent) =>
  e.type === "chat" && e.detail.type === "reaction" && e.detail.mid === mid && e.detail.detail.type === "delete";

/** Burn after reading: the sender's setting stamps `expires_in`; the sweep really deletes. */
describe.each(dialects())("burn after reading (%s)", (dialect) => {
  const suite = useSuite(dialect, { listen: true, config: { messageSweepMs: 100 }, seed: buildChatSetup });
  const api = messageApi(suite);

  const burn = (uid: number, kind: "user" | "group", target_id: number, expires_in: number) =>
    suite.s.ctx.db.insertInto("user_burn_after_reading").values({ uid, kind, target_id, expires_in }).execute();

  it("a DM with expires_in 1 s is deleted for good and the delete reaches both parties from the sender", async () => {
    const { s, seed: { admin, bob, carol } } = suite;
    await burn(bob.uid, "user", carol.uid, 1);
    const [b, c, a] = await suite.connect(bob, carol, admin);
    const mid = await buildMessage(s, bob, { uid: carol.uid }, "self-destruct");
    const sent = await c.waitFor<EventOf<"chat">>((e) => e.type === "chat" && e.mid === mid);
    expect(sent.detail).toEqual({ type: "normal", properties: null, content_type: "text/plain", content: "self-destruct", expires_in: 1 });
    // A reply carries no expires_in (docs/API.md "Object shapes"), so it stays.
    const reply = midOf(await api.reply(carol, mid, "got it"));

    const [fromBob, fromCarol] = await Promise.all([b, c].map((x) => x.waitFor<EventOf<"chat">>(deleteOf(mid), 5_000)));
    expect(fromBob).toEqual(fromCarol);
    expectChatEvent(fromBob, {
      mid: expect.any(Number),
      from_uid: bob.uid,
      target: { uid: carol.uid },
      detail: { type: "reaction", mid, detail: { type: "delete" } },
    });
    expect(fromBob.created_at - sent.created_at).toBeGreaterThanOrEqual(1_000);
    const history = await api.history(carol, `user/${bob.uid}`);
    expect(history.map((m) => m.mid)).toEqual([reply, fromBob.mid]);
    expect(JSON.stringify(history)).not.toContain("self-destruct");
    expect(a.events.some(deleteOf(mid))).toBe(false);
  });

  it("a channel setting stamps channel messages only, for that sender only; the delete reaches the channel", async () => {
    const { s, seed: { admin, bob, carol, general } } = suite;
    await burn(bob.uid, "group", general, 1);
    const [a] = await suite.connect(admin);
    const burning = await buildMessage(s, bob, { gid: general }, "gone soon");
    const lasting = await buildMessage(s, carol, { gid: general }, "stays");
    const dm = await buildMessage(s, bob, { uid: carol.uid }, "dm stays");
    const deletion = await a.waitFor<EventOf<"chat">>(deleteOf(burning), 5_000);
    expect(deletion).toMatchObject({ from_uid: bob.uid, target: { gid: general } });
    const history = await api.history(admin, `group/${general}`);
    expect(history.map((m) => m.mid)).toEqual([lasting, deletion.mid]);
    expect(history[0].detail).toMatchObject({ type: "normal", expires_in: null });
    expect(await s.ctx.repos.messages.byId(dm)).toMatchObject({ expires_in: null, expires_at: null });
  });

  it("the sweep deletes only what is due, and an edited or already deleted message is handled", async () => {
    const { s, seed: { bob, carol } } = suite;
    await burn(bob.uid, "user", carol.uid, 300);
    const due = await buildMessage(s, bob, { uid: carol.uid }, "five minutes");
    const row = await s.ctx.repos.messages.byId(due);
    expect(row).toMatchObject({ expires_in: 300, expires_at: (row?.created_at ?? 0) + 300_000 });
    midOf(await api.edit(bob, due, "edited"));
    const deleted = await buildMessage(s, bob, { uid: carol.uid }, "deleted first");
    midOf(await api.remove(bob, deleted));

    expect(await sweepExpiredMessages(s.ctx, Date.now())).toBe(0);
    expect(await s.ctx.repos.messages.byId(due)).toBeDefined();
    expect(await sweepExpiredMessages(s.ctx, Date.now() + 300_000)).toBe(1);
    expect(await s.ctx.repos.messages.byId(due)).toBeUndefined();
    // The edit went with it; what is left of the conversation is the two delete reactions.
    const history = await api.history(bob, `user/${carol.uid}`);
    expect(history.map((m) => m.detail.type)).toEqual(["reaction", "reaction"]);
    expect(JSON.stringify(history)).not.toMatch(/five minutes|edited|deleted first/);
  });

  it("a message of a channel deleted in the meantime is removed without an announcement", async () => {
    const { s, seed: { bob, team } } = suite;
    await burn(bob.uid, "group", team, 60);
    const mid = await buildMessage(s, bob, { gid: team }, "bye");
    await s.ctx.db.deleteFrom("groups").where("gid", "=", team).execute();
    expect(await sweepExpiredMessages(s.ctx, Date.now() + 61_000)).toBe(1);
    expect(await s.ctx.repos.messages.byId(mid)).toBeUndefined();
    const left = await s.ctx.db.selectFrom("messages").selectAll().where("target_gid", "=", team).execute();
    expect(left).toEqual([]);
  });
});
