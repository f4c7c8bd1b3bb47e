import { describe, expect, it } from "vitest";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectCallers } from "../../test/matrix.js";
import { expectEvents, captureReply } from "../../test/events.js";

/** `GET`/`POST`/`DELETE /group/{gid}/announcement` (docs/API.md "Groups"). */
describe.each(dialects())("channel announcements (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  const read = (gid: number, who: Session | null) => call(suite.s, "GET", `/group/${gid}/announcement`, who);
  const name = (who: Session | null) => who?.login.user.name ?? "anonymous";

  it("set, read, replace and remove on a private channel; events to its members only", async () => {
    const { s, seed: c } = suite;
    const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
    const none = await read(gid, c.carol);
    expect(none.statusCode).toBe(200);
    expect(none.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(none.json()).toEqual({ announcement: null });

    const ev = await suite.streams(c);
    const before = Date.now();
    const { res, got } = await captureReply(ev, () => call(s, "POST", `/group/${gid}/announcement`, c.bob, { content: "Standup at 10" }));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const first = res.json() as { created_at: number; updated_at: number };
    expect(first).toEqual({ gid, content: "Standup at 10", created_by: c.bob.uid, created_at: expect.any(Number), updated_at: first.created_at });
    expect(first.created_at).toBeGreaterThanOrEqual(before);
    const set = { type: "group_announcement_changed", gid, announcement: first };
    expectEvents(got, { bob: [set], carol: [set], bot: [set] });
    expect((await read(gid, c.carol)).json()).toEqual({ announcement: first });

    await new Promise((r) => setTimeout(r, 5));
    const replaced = await ev.capture(() => call(s, "POST", `/group/${gid}/announcement`, c.admin, { content: "Standup at 11" }));
    const second = (await read(gid, c.bot)).json() as { announcement: { created_at: number; updated_at: number } };
    expect(second.announcement).toEqual({ gid, content: "Standup at 11", created_by: c.admin.uid, created_at: first.created_at, updated_at: expect.any(Number) });
    expect(second.announcement.updated_at).toBeGreaterThan(first.updated_at);
    const changed = { type: "group_announcement_changed", gid, announcement: second.announcement };
    expectEvents(replaced, { bob: [changed], carol: [changed], bot: [changed] });

    const removed = await ev.capture(async () => {
      const del = await call(s, "DELETE", `/group/${gid}/announcement`, c.bob);
      expect(del.statusCode).toBe(200);
      expect(del.body).toBe("");
    });
    const cleared = { type: "group_announcement_changed", gid, announcement: null };
    expectEvents(removed, { bob: [cleared], carol: [cleared], bot: [cleared] });
    expect((await read(gid, c.carol)).json()).toEqual({ announcement: null });
    // Removing what is not there is fine and says nothing.
    const again = await ev.capture(async () => expect((await call(s, "DELETE", `/group/${gid}/announcement`, c.bob)).statusCode).toBe(200));
    expectEvents(again, {});
  });

  it("a public channel: anyone with a token reads it; admins set it; everyone hears", async () => {
    const { s, seed: c } = suite;
    const pub = await buildChannel(s, c.admin, { name: "general", is_public: true });
    expect((await call(s, "POST", `/group/${pub}/announcement`, c.bob, { content: "mine" })).statusCode).toBe(403);
    const ev = await suite.streams(c);
    const got = await ev.capture(() => call(s, "POST", `/group/${pub}/announcement`, c.admin, { content: "Welcome" }));
    const announcement = (await read(pub, c.guest)).json() as { announcement: unknown };
    const event = { type: "group_announcement_changed", gid: pub, ...announcement };
    expectEvents(got, { admin: [event], bob: [event], carol: [event], otto: [event], guest: [event], bot: [event] });
    for (const who of [c.guest, c.otto, c.bot]) expect((await read(pub, who)).statusCode, name(who)).toBe(200);
    expect((await read(pub, null)).statusCode).toBe(401);
  });

  it("the caller matrix, 400 and 404", async () => {
    const { s, seed: c } = suite;
    const gid = await buildChannel(s, c.bob, { name: "team", members: [c.carol.uid, c.bot.uid] });
    await expectCallers({ read: (who) => read(gid, who) }, [[null, 401], [c.guest, 404], [c.otto, 404], [c.carol, 200], [c.bot, 200], [c.bob, 200], [c.admin, 200]]);
    const write = {
      set: (who: Session | null) => call(s, "POST", `/group/${gid}/announcement`, who, { content: "x" }),
      delete: (who: Session | null) => call(s, "DELETE", `/group/${gid}/announcement`, who),
    };
    await expectCallers(write, [[null, 401], [c.guest, 403], [c.otto, 404], [c.carol, 403], [c.bot, 403], [c.bob, 200], [c.admin, 200]]);
    for (const body of [{}, { content: "" }, { content: "   " }, { content: 5 }, { content: "x".repeat(10_001) }]) {
      expect((await call(s, "POST", `/group/${gid}/announcement`, c.bob, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await read(999, c.admin)).statusCode).toBe(404);
    expect((await call(s, "POST", "/group/999/announcement", c.admin, { content: "x" })).statusCode).toBe(404);
    expect((await call(s, "DELETE", "/group/999/announcement", c.admin)).statusCode).toBe(404);
  });
});
