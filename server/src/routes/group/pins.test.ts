import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, PinnedMessage } from "@parley/protocol";
import { refreshPinnedMessage } from "../../commands/pins.js";
import { assertMatches } from "../../test/contract.js";
import { dialects, startTestServer, type Session, type TestServer } from "../../test/harness.js";
import { openEvents } from "../../test/sse.js";
import { api, channel, expectEvents, postText, seedCast, Streams, type Cast } from "./testkit.js";

/** `POST /group/{gid}/pin` and `/unpin`, pins in Group objects, and the refresh after edits and deletes. */
describe.each(dialects())("pinned messages (%s)", (dialect) => {
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
  const pins = async (gid: number, who: Session = c.olive) =>
    ((await api(s, "GET", `/group/${gid}`, who)).json() as { pinned_messages: PinnedMessage[] }).pinned_messages;
  const name = (who: Session | null) => who?.login.user.name ?? "anonymous";

  it("the owner pins a message: 200 empty; pinned_message_updated with the pin to the members only", async () => {
    const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.bot.uid] });
    const mid = await s.app
      .inject({
        method: "POST",
        url: `/api/group/${gid}/send`,
        headers: { ...c.mia.headers, "content-type": "text/markdown", "x-properties": Buffer.from(JSON.stringify({ mentions: [] })).toString("base64") },
        payload: "**pin me**",
      })
      .then((r) => r.json() as number);
    const ev = await listen();
    const before = Date.now();
    let res!: Awaited<ReturnType<typeof api>>;
    const got = await ev.capture(async () => {
      res = await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid });
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    const [pin] = await pins(gid);
    assertMatches("PinnedMessage", pin);
    expect(pin).toEqual({
      mid,
      created_by: c.olive.uid,
      created_at: expect.any(Number),
      properties: { mentions: [] },
      content_type: "text/markdown",
      content: "**pin me**",
    });
    expect(pin.created_at).toBeGreaterThanOrEqual(before);
    const event = { type: "pinned_message_updated", gid, mid, msg: pin };
    expectEvents(got, { olive: [event], mia: [event], bot: [event] });
    assertMatches("Group", (await api(s, "GET", `/group/${gid}`, c.mia)).json());
  });

  it("pins are listed in pin order in every Group object; 409 when already pinned; unpin emits msg:null", async () => {
    const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid] });
    const m1 = await postText(s, c.mia, gid, "first written");
    const m2 = await postText(s, c.mia, gid, "second written");
    expect((await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid: m2 })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await api(s, "POST", `/group/${gid}/pin`, c.admin, { mid: m1 })).statusCode).toBe(200);
    expect((await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid: m1 })).statusCode).toBe(409);
    const listed = await pins(gid);
    expect(listed.map((p) => p.mid)).toEqual([m2, m1]);
    expect(listed.map((p) => p.created_by)).toEqual([c.olive.uid, c.admin.uid]);
    // GET /group and the connect sequence carry the same pins.
    const list = (await api(s, "GET", "/group", c.mia)).json() as { gid: number; pinned_messages: PinnedMessage[] }[];
    expect(list.find((g) => g.gid === gid)?.pinned_messages).toEqual(listed);
    const url = await s.listen();
    const mia = await openEvents(url, { "api-key": c.mia.token });
    const related = await mia.waitFor<EventOf<"related_groups">>((e) => e.type === "related_groups");
    mia.close();
    expect(related.groups.find((g) => g.gid === gid)?.pinned_messages).toEqual(listed);

    const ev = await listen();
    const got = await ev.capture(async () => expect((await api(s, "POST", `/group/${gid}/unpin`, c.olive, { mid: m2 })).statusCode).toBe(200));
    const event = { type: "pinned_message_updated", gid, mid: m2, msg: null };
    expectEvents(got, { olive: [event], mia: [event] });
    expect((await pins(gid)).map((p) => p.mid)).toEqual([m1]);
    expect((await api(s, "POST", `/group/${gid}/unpin`, c.olive, { mid: m2 })).statusCode).toBe(404);
  });

  it("404 for a message that does not exist, is elsewhere, or is a DM; 400 bad bodies", async () => {
    const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid] });
    const other = await channel(s, c.olive, { name: "other" });
    const elsewhere = await postText(s, c.olive, other, "not here");
    const dm = await s.app
      .inject({ method: "POST", url: `/api/user/${c.mia.uid}/send`, headers: { ...c.olive.headers, "content-type": "text/plain" }, payload: "dm" })
      .then((r) => r.json() as number);
    for (const mid of [999_999, elsewhere, dm]) {
      expect((await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid })).statusCode, String(mid)).toBe(404);
    }
    for (const body of [{}, { mid: "x" }, { mid: 0 }, [1]]) {
      expect((await api(s, "POST", `/group/${gid}/pin`, c.olive, body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await api(s, "POST", `/group/${gid}/unpin`, c.olive, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api(s, "POST", "/group/999/pin", c.admin, { mid: elsewhere })).statusCode).toBe(404);
    expect((await api(s, "POST", "/group/999/unpin", c.admin, { mid: elsewhere })).statusCode).toBe(404);
  });

  it("private: the owner and admins; public: admins only; the caller matrix", async () => {
    const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.bot.uid] });
    const pub = await channel(s, c.admin, { name: "general", is_public: true });
    const m = await postText(s, c.mia, gid, "in private");
    const p = await postText(s, c.mia, pub, "in public");
    const privateMatrix: [Session | null, number][] = [
      [null, 401],
      [c.guest, 403],
      [c.mia, 403],
      [c.bot, 403],
      [c.otto, 404],
      [c.olive, 200],
    ];
    for (const [who, status] of privateMatrix) {
      expect((await api(s, "POST", `/group/${gid}/pin`, who, { mid: m })).statusCode, `pin ${name(who)}`).toBe(status);
      expect((await api(s, "POST", `/group/${gid}/unpin`, who, { mid: m })).statusCode, `unpin ${name(who)}`).toBe(status);
    }
    // An admin who is not a member manages pins, but its card shows no pinned content.
    expect((await api(s, "POST", `/group/${gid}/pin`, c.admin, { mid: m })).statusCode).toBe(200);
    expect(await pins(gid, c.admin)).toEqual([]);
    expect(await pins(gid, c.mia)).toHaveLength(1);

    const publicMatrix: [Session | null, number][] = [
      [null, 401],
      [c.guest, 403],
      [c.olive, 403],
      [c.bot, 403],
      [c.admin, 200],
    ];
    for (const [who, status] of publicMatrix) {
      expect((await api(s, "POST", `/group/${pub}/pin`, who, { mid: p })).statusCode, `pin ${name(who)}`).toBe(status);
    }
    const ev = await listen();
    const got = await ev.capture(() => api(s, "POST", `/group/${pub}/unpin`, c.admin, { mid: p }));
    const event = { type: "pinned_message_updated", gid: pub, mid: p, msg: null };
    expectEvents(got, { admin: [event], olive: [event], mia: [event], otto: [event], guest: [event], bot: [event] });
  });

  describe("refreshPinnedMessage (called by the message commands)", () => {
    it("after an edit the pin shows the current content and the channel is told", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid] });
      const mid = await postText(s, c.mia, gid, "typo");
      await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid });
      const [before] = await pins(gid);
      const ev = await listen();
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
      expectEvents(got, { olive: [event], mia: [event] });
      expect(await pins(gid)).toEqual([msg]);
    });

    it("a message pinned after an edit shows the edited content", async () => {
      const gid = await channel(s, c.olive, { name: "team" });
      const mid = await postText(s, c.olive, gid, "old");
      await s.ctx.db.updateTable("messages").set({ edited_content_type: "text/plain", edited_content: "new" }).where("mid", "=", mid).execute();
      await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid });
      expect((await pins(gid))[0]).toMatchObject({ content: "new", properties: null });
    });

    it("after a delete (flagged, or the row gone) the pin is removed with msg:null; unpinned messages are ignored", async () => {
      const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid] });
      const m1 = await postText(s, c.mia, gid, "one");
      const m2 = await postText(s, c.mia, gid, "two");
      const m3 = await postText(s, c.mia, gid, "three");
      await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid: m1 });
      await api(s, "POST", `/group/${gid}/pin`, c.olive, { mid: m2 });
      const ev = await listen();
      const got = await ev.capture(async () => {
        await refreshPinnedMessage(s.ctx, gid, m1, { deleted: true });
        await s.ctx.db.deleteFrom("messages").where("mid", "=", m2).execute();
        await refreshPinnedMessage(s.ctx, gid, m2);
        await refreshPinnedMessage(s.ctx, gid, m3, { deleted: true });
        await refreshPinnedMessage(s.ctx, gid + 100, m1);
      });
      const removed = (mid: number) => ({ type: "pinned_message_updated", gid, mid, msg: null });
      expectEvents(got, { olive: [removed(m1), removed(m2)], mia: [removed(m1), removed(m2)] });
      expect(await pins(gid)).toEqual([]);
    });
  });
});
