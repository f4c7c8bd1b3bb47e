import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialects, startTestServer, type Session, type TestServer } from "../../test/harness.js";
import { api, channel, expectEvents, seedCast, Streams, type Cast } from "./testkit.js";

/** `GET`/`POST`/`DELETE /group/{gid}/announcement` (contract §11). */
describe.each(dialects())("channel announcements (%s)", (dialect) => {
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
  const read = (gid: number, who: Session | null) => api(s, "GET", `/group/${gid}/announcement`, who);
  const name = (who: Session | null) => who?.login.user.name ?? "anonymous";

  it("set, read, replace and remove on a private channel; events to its members only", async () => {
    const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.bot.uid] });
    const none = await read(gid, c.mia);
    expect(none.statusCode).toBe(200);
    expect(none.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(none.json()).toEqual({ announcement: null });

    const ev = await listen();
    const before = Date.now();
    let res!: Awaited<ReturnType<typeof api>>;
    const got = await ev.capture(async () => {
      res = await api(s, "POST", `/group/${gid}/announcement`, c.olive, { content: "Standup at 10" });
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const first = res.json() as { created_at: number; updated_at: number };
    expect(first).toEqual({ gid, content: "Standup at 10", created_by: c.olive.uid, created_at: expect.any(Number), updated_at: first.created_at });
    expect(first.created_at).toBeGreaterThanOrEqual(before);
    const set = { type: "group_announcement_changed", gid, announcement: first };
    expectEvents(got, { olive: [set], mia: [set], bot: [set] });
    expect((await read(gid, c.mia)).json()).toEqual({ announcement: first });

    await new Promise((r) => setTimeout(r, 5));
    const replaced = await ev.capture(() => api(s, "POST", `/group/${gid}/announcement`, c.admin, { content: "Standup at 11" }));
    const second = (await read(gid, c.bot)).json() as { announcement: { created_at: number; updated_at: number } };
    expect(second.announcement).toEqual({ gid, content: "Standup at 11", created_by: c.admin.uid, created_at: first.created_at, updated_at: expect.any(Number) });
    expect(second.announcement.updated_at).toBeGreaterThan(first.updated_at);
    const changed = { type: "group_announcement_changed", gid, announcement: second.announcement };
    expectEvents(replaced, { olive: [changed], mia: [changed], bot: [changed] });

    const removed = await ev.capture(async () => {
      const del = await api(s, "DELETE", `/group/${gid}/announcement`, c.olive);
      expect(del.statusCode).toBe(200);
      expect(del.body).toBe("");
    });
    const cleared = { type: "group_announcement_changed", gid, announcement: null };
    expectEvents(removed, { olive: [cleared], mia: [cleared], bot: [cleared] });
    expect((await read(gid, c.mia)).json()).toEqual({ announcement: null });
    // Removing what is not there is fine and says nothing.
    const again = await ev.capture(async () => expect((await api(s, "DELETE", `/group/${gid}/announcement`, c.olive)).statusCode).toBe(200));
    expectEvents(again, {});
  });

  it("a public channel: anyone with a token reads it; admins set it; everyone hears", async () => {
    const pub = await channel(s, c.admin, { name: "general", is_public: true });
    expect((await api(s, "POST", `/group/${pub}/announcement`, c.olive, { content: "mine" })).statusCode).toBe(403);
    const ev = await listen();
    const got = await ev.capture(() => api(s, "POST", `/group/${pub}/announcement`, c.admin, { content: "Welcome" }));
    const announcement = (await read(pub, c.guest)).json() as { announcement: unknown };
    const event = { type: "group_announcement_changed", gid: pub, ...announcement };
    expectEvents(got, { admin: [event], olive: [event], mia: [event], otto: [event], guest: [event], bot: [event] });
    for (const who of [c.guest, c.otto, c.bot]) expect((await read(pub, who)).statusCode, name(who)).toBe(200);
    expect((await read(pub, null)).statusCode).toBe(401);
  });

  it("the caller matrix, 400 and 404", async () => {
    const gid = await channel(s, c.olive, { name: "team", members: [c.mia.uid, c.bot.uid] });
    const readMatrix: [Session | null, number][] = [
      [null, 401],
      [c.guest, 404],
      [c.otto, 404],
      [c.mia, 200],
      [c.bot, 200],
      [c.olive, 200],
      [c.admin, 200],
    ];
    for (const [who, status] of readMatrix) expect((await read(gid, who)).statusCode, `read ${name(who)}`).toBe(status);
    const writeMatrix: [Session | null, number][] = [
      [null, 401],
      [c.guest, 403],
      [c.otto, 404],
      [c.mia, 403],
      [c.bot, 403],
      [c.olive, 200],
      [c.admin, 200],
    ];
    for (const [who, status] of writeMatrix) {
      expect((await api(s, "POST", `/group/${gid}/announcement`, who, { content: "x" })).statusCode, `set ${name(who)}`).toBe(status);
      expect((await api(s, "DELETE", `/group/${gid}/announcement`, who)).statusCode, `delete ${name(who)}`).toBe(status);
    }
    for (const body of [{}, { content: "" }, { content: "   " }, { content: 5 }, { content: "x".repeat(10_001) }]) {
      expect((await api(s, "POST", `/group/${gid}/announcement`, c.olive, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await read(999, c.admin)).statusCode).toBe(404);
    expect((await api(s, "POST", "/group/999/announcement", c.admin, { content: "x" })).statusCode).toBe(404);
    expect((await api(s, "DELETE", "/group/999/announcement", c.admin)).statusCode).toBe(404);
  });
});
