import { describe, expect, it } from "vitest";
import type { EventOf, PinnedMessage } from "@parley/protocol";
import { refreshPinnedMessage } from "../../commands/pins.js";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel, buildMessage } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectCallers } from "../../test/matrix.js";
import { expectEvents, captureEmptyOk } from "../../test/events.js";

/** `POST /group/{gid}/pin` and `/unpin`, pins in Group objects, and the refresh after edits and deletes. */
describe.each(dialects())("pinned messages (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  const pins = async (gid: number, who: Session = suite.seed.bob) =>
    ((await call(suite.s, "GET", `/group/${gid}`, who)).json() as { pinned_messages: PinnedMessage[] }).pinned_messages;

  it("the owner pins a message: 200 empty; pinned_message_updated with the pin to the members only", async () => {
    const { s, seed: c } = suite;
    const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
    const mid = await s.app
      .inject({
        method: "POST",
        url: `/api/group/${gid}/send`,
        headers: { ...c.carol.headers, "content-type": "text/markdown", "x-properties": Buffer.from(JSON.stringify({ mentions: [] })).toString("base64") },
        payload: "**pin me**",
      })
      .then((r) => r.json() as number);
    const ev = await suite.streams(c);
    const before = Date.now();
    const got = await captureEmptyOk(ev, () => call(s, "POST", `/group/${gid}/pin`, c.bob, { mid }));
    const [pin] = await pins(gid);
    assertMatches("PinnedMessage", pin);
    expect(pin).toEqual({
      mid,
      created_by: c.bob.uid,
      created_at: expect.any(Number),
      properties: { mentions: [] },
      content_type: "text/markdown",
      content: "**pin me**",
    });
    expect(pin.created_at).toBeGreaterThanOrEqual(before);
    const event = { type: "pinned_message_updated", gid, mid, msg: pin };
    expectEvents(got, { bob: [event], carol: [event], bot: [event] });
    assertMatches("Group", (await call(s, "GET", `/group/${gid}`, c.carol)).json());
  });

  it("pins are listed in pin order in every Group object; 409 when already pinned; unpin emits msg:null", async () => {
    const { s, seed: c } = suite;
    const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
    const m1 = await buildMessage(s, c.carol, { gid: gid }, "first written");
    const m2 = await buildMessage(s, c.carol, { gid: gid }, "second written");
    expect((await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid: m2 })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await call(s, "POST", `/group/${gid}/pin`, c.admin, { mid: m1 })).statusCode).toBe(200);
    expect((await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid: m1 })).statusCode).toBe(409);
    const listed = await pins(gid);
    expect(listed.map((p) => p.mid)).toEqual([m2, m1]);
    expect(listed.map((p) => p.created_by)).toEqual([c.bob.uid, c.admin.uid]);
    // GET /group and the connect sequence carry the same pins.
    const list = (await call(s, "GET", "/group", c.carol)).json() as { gid: number; pinned_messages: PinnedMessage[] }[];
    expect(list.find((g) => g.gid === gid)?.pinned_messages).toEqual(listed);
    const url = await s.listen();
    const carol = await openEvents(url, { "api-key": c.carol.token });
    const related = await carol.waitFor<EventOf<"related_groups">>((e) => e.type === "related_groups");
    carol.close();
    expect(related.groups.find((g) => g.gid === gid)?.pinned_messages).toEqual(listed);

    const ev = await suite.streams(c);
    const got = await ev.capture(async () => expect((await call(s, "POST", `/group/${gid}/unpin`, c.bob, { mid: m2 })).statusCode).toBe(200));
    const event = { type: "pinned_message_updated", gid, mid: m2, msg: null };
    expectEvents(got, { bob: [event], carol: [event] });
    expect((await pins(gid)).map((p) => p.mid)).toEqual([m1]);
    expect((await call(s, "POST", `/group/${gid}/unpin`, c.bob, { mid: m2 })).statusCode).toBe(404);
  });

  it("404 for a message that does not exist, is elsewhere, or is a DM; 400 bad bodies", async () => {
    const { s, seed: c } = suite;
    const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
    const other = await buildChannel(s, c.bob, { name: "other" });
    const elsewhere = await buildMessage(s, c.bob, { gid: other }, "not here");
    const dm = await s.app
      .inject({ method: "POST", url: `/api/user/${c.carol.uid}/send`, headers: { ...c.bob.headers, "content-type": "text/plain" }, payload: "dm" })
      .then((r) => r.json() as number);
    for (const mid of [999_999, elsewhere, dm]) {
      expect((await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid })).statusCode, String(mid)).toBe(404);
    }
    for (const body of [{}, { mid: "x" }, { mid: 0 }, [1]]) {
      expect((await call(s, "POST", `/group/${gid}/pin`, c.bob, body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await call(s, "POST", `/group/${gid}/unpin`, c.bob, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(s, "POST", "/group/999/pin", c.admin, { mid: elsewhere })).statusCode).toBe(404);
    expect((await call(s, "POST", "/group/999/unpin", c.admin, { mid: elsewhere })).statusCode).toBe(404);
  });

  it("private: the owner and admins; public: admins only; the caller matrix", async () => {
    const { s, seed: c } = suite;
    const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
    const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
    const m = await buildMessage(s, c.carol, { gid: gid }, "in private");
    const p = await buildMessage(s, c.carol, { gid: pub }, "in public");
    const pinCalls = (gid: number, mid: number) => ({
      pin: (who: Session | null) => call(s, "POST", `/group/${gid}/pin`, who, { mid }),
      unpin: (who: Session | null) => call(s, "POST", `/group/${gid}/unpin`, who, { mid }),
    });
    await expectCallers(pinCalls(gid, m), [[null, 401], [c.guest, 403], [c.carol, 403], [c.bot, 403], [c.otto, 404], [c.bob, 200]]);
    // An admin who is not a member manages pins, but its card shows no pinned content.
    expect((await call(s, "POST", `/group/${gid}/pin`, c.admin, { mid: m })).statusCode).toBe(200);
    expect(await pins(gid, c.admin)).toEqual([]);
    expect(await pins(gid, c.carol)).toHaveLength(1);

    await expectCallers({ pin: pinCalls(pub, p).pin }, [[null, 401], [c.guest, 403], [c.bob, 403], [c.bot, 403], [c.admin, 200]]);
    const ev = await suite.streams(c);
    const got = await ev.capture(() => call(s, "POST", `/group/${pub}/unpin`, c.admin, { mid: p }));
    const event = { type: "pinned_message_updated", gid: pub, mid: p, msg: null };
    expectEvents(got, { admin: [event], bob: [event], carol: [event], otto: [event], guest: [event], bot: [event] });
  });

  describe("refreshPinnedMessage (called by the message commands)", () => {
    it("after an edit the pin shows the current content and the channel is told", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      const mid = await buildMessage(s, c.carol, { gid: gid }, "typo");
      await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid });
      const [before] = await pins(gid);
      const ev = await suite.streams(c);
      const got = await ev.capture(async () => {
        await s.ctx.db
          .updateTable("messages")
          .set({ edited_content_type: "text/markdown", edited_content: "fixed", edited_properties: JSON.stringify({ edited: true }) })
          .where("mid", "=", mid)
          .execute();
        await refreshPinnedMessage(s.ctx, gid, mid, { deleted: false });
      });
      const msg = { ...before, content_type: "text/markdown", content: "fixed", properties: { edited: true } };
      const event = { type: "pinned_message_updated", gid, mid, msg };
      expectEvents(got, { bob: [event], carol: [event] });
      expect(await pins(gid)).toEqual([msg]);
    });

    it("a message pinned after an edit shows the edited content", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team" });
      const mid = await buildMessage(s, c.bob, { gid: gid }, "old");
      await s.ctx.db.updateTable("messages").set({ edited_content_type: "text/plain", edited_content: "new" }).where("mid", "=", mid).execute();
      await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid });
      expect((await pins(gid))[0]).toMatchObject({ content: "new", properties: null });
    });

    it("after a delete (flagged, or the row gone) the pin is removed with msg:null; unpinned messages are ignored", async () => {
      const { s, seed: c } = suite;
      const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid] });
      const m1 = await buildMessage(s, c.carol, { gid: gid }, "one");
      const m2 = await buildMessage(s, c.carol, { gid: gid }, "two");
      const m3 = await buildMessage(s, c.carol, { gid: gid }, "three");
      await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid: m1 });
      await call(s, "POST", `/group/${gid}/pin`, c.bob, { mid: m2 });
      const ev = await suite.streams(c);
      const got = await ev.capture(async () => {
        await refreshPinnedMessage(s.ctx, gid, m1, { deleted: true });
        await s.ctx.db.deleteFrom("messages").where("mid", "=", m2).execute();
        await refreshPinnedMessage(s.ctx, gid, m2);
        await refreshPinnedMessage(s.ctx, gid, m3, { deleted: true });
        await refreshPinnedMessage(s.ctx, gid + 100, m1);
      });
      const removed = (mid: number) => ({ type: "pinned_message_updated", gid, mid, msg: null });
      expectEvents(got, { bob: [removed(m1), removed(m2)], carol: [removed(m1), removed(m2)] });
      expect(await pins(gid)).toEqual([]);
    });
  });
});
