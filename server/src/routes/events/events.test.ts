import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { openEvents, type SseClient } from "../../test/sse.js";
import { dialects, login, type TestServer } from "../../test/harness.js";
import { buildAdmin, buildChannel, buildMember, buildMessage } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { isType } from "../../test/events.js";
import { useSuite } from "../../test/suite.js";

/** The admin and Bob, made through the API (with passwords and their users_log entries). */
async function seed(s: TestServer) {
  const admin = await buildAdmin(s);
  return { admin, bob: await buildMember(s, admin, "Bob") };
}

describe.each(dialects())("GET /api/user/events (%s)", (dialect) => {
  const suite = useSuite(dialect, { listen: true, seed });

  it("answers 401 without a valid api-key and 403 for a logged-out device", async () => {
    const { s, seed: { bob } } = suite;
    expect((await openEvents(s.url, {})).status).toBe(401);
    expect((await openEvents(s.url, { "api-key": "garbage" })).status).toBe(401);
    const res = await call(s, "GET", "/token/logout", bob);
    expect(res.statusCode).toBe(200);
    // The access token is still valid until it expires, but its device is gone.
    expect((await openEvents(s.url, { "api-key": bob.token })).status).toBe(403);
  });

  it("sends the connect sequence in contract order, framed as bare data lines", async () => {
    const { s, seed: { admin, bob } } = suite;
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const secret = await buildChannel(s, admin, { name: "secret", members: [] });
    const m1 = await buildMessage(s, admin, { gid: general }, "hello");
    await buildMessage(s, admin, { gid: secret }, "not for bob");
    const m3 = await buildMessage(s, admin, { uid: bob.uid }, "hi bob");

    const [c] = await suite.connect(bob);
    expect(c.status).toBe(200);
    expect(c.headers["content-type"]).toBe("text/event-stream");
    expect(c.headers["x-accel-buffering"]).toBe("no");
    expect(c.events.map((e) => e.type)).toEqual([
      "users_snapshot",
      "users_state",
      "related_groups",
      "user_settings",
      "chat",
      "chat",
      "ready",
    ]);
    // No `event:` or `id:` lines: every frame is `data: <json>` and a blank line.
    for (const frame of c.raw.split("\n\n").filter(Boolean)) expect(frame).toMatch(/^(data: \{.*\}|:)$/s);

    const snapshot = c.events[0] as EventOf<"users_snapshot">;
    assertMatches("UsersSnapshotMessage", snapshot);
    expect(snapshot.users.map((u) => u.uid)).toEqual([admin.uid, bob.uid]);
    expect(snapshot.version).toBe(await s.ctx.repos.users.usersVersion());
    const state = c.events[1] as EventOf<"users_state">;
    expect(state.users).toEqual([{ uid: admin.uid, online: false }]);
    const related = c.events[2] as EventOf<"related_groups">;
    expect(related.groups.map((g) => g.gid)).toEqual([general]);
    for (const g of related.groups) assertMatches("Group", g);
    const chats = c.events.filter(isType("chat"));
    expect(chats.map((e) => e.mid)).toEqual([m1, m3]);
    for (const e of chats) assertMatches("ChatMessage", e);
    expect(chats[1]).toMatchObject({ from_uid: admin.uid, target: { uid: bob.uid }, detail: { content: "hi bob" } });
  });

  it("sends users_log instead of a snapshot when users_version is given, and nothing when up to date", async () => {
    const { s, seed: { admin, bob } } = suite;
    const version = await s.ctx.repos.users.usersVersion();
    const upToDate = await suite.connectWith(bob, { users_version: version });
    expect(upToDate.events.some((e) => e.type === "users_snapshot" || e.type === "users_log")).toBe(false);
    upToDate.close();

    await buildMember(s, admin, "Carol");
    const behind = await suite.connectWith(bob, { users_version: version });
    const log = await behind.waitFor<EventOf<"users_log">>(isType("users_log"));
    expect(behind.events[0].type).toBe("users_log");
    expect(log.logs).toHaveLength(1);
    expect(log.logs[0]).toMatchObject({ action: "create", name: "Carol", log_id: version + 1 });
  });

  it("delivers live messages to exactly the audience computed from membership", async () => {
    const { s, seed: { admin, bob } } = suite;
    const carol = await buildMember(s, admin, "Carol");
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const priv = await buildChannel(s, admin, { name: "private", members: [bob.uid] });
    const [a, b, c] = await suite.connect(admin, bob, carol);
    const base = [a, b, c].map((x) => x.events.length);

    const pub = await buildMessage(s, bob, { gid: general }, "to everyone");
    const sec = await buildMessage(s, bob, { gid: priv }, "to members");
    const dm = await buildMessage(s, carol, { uid: admin.uid }, "to admin");
    const last = await buildMessage(s, admin, { gid: general }, "fence");
    await Promise.all([a, b, c].map((x) => x.waitFor((e) => e.type === "chat" && e.mid === last)));

    const mids = (x: SseClient, i: number) =>
      x.events
        .slice(base[i])
        .filter(isType("chat"))
        .map((e) => e.mid);
    expect(mids(a, 0)).toEqual([pub, sec, dm, last]);
    expect(mids(b, 1)).toEqual([pub, sec, last]);
    expect(mids(c, 2)).toEqual([pub, dm, last]);
  });

  it("replays exactly the missed messages, in order, after a reconnect with after_mid", async () => {
    const { s, seed: { admin, bob } } = suite;
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const [first] = await suite.connect(bob);
    const seen = await buildMessage(s, admin, { gid: general }, "seen live");
    await first.waitFor((e) => e.type === "chat" && e.mid === seen);
    first.close();
    await first.ended;

    const missed: number[] = [];
    for (let i = 0; i < 5; i++) missed.push(await buildMessage(s, admin, { gid: general }, `missed ${i}`));
    missed.push(await buildMessage(s, admin, { uid: bob.uid }, "missed dm"));

    const again = await suite.connectWith(bob, { after_mid: seen, users_version: await s.ctx.repos.users.usersVersion() });
    const replayed = again.events.filter(isType("chat"));
    expect(replayed.map((e) => e.mid)).toEqual(missed);
    expect(replayed.map((e) => (e.detail.type === "normal" ? e.detail.content : ""))).toEqual([
      "missed 0",
      "missed 1",
      "missed 2",
      "missed 3",
      "missed 4",
      "missed dm",
    ]);
    // And the stream is live afterwards, without repeating the backlog.
    const live = await buildMessage(s, admin, { gid: general }, "live again");
    await again.waitFor((e) => e.type === "chat" && e.mid === live);
    const all = again.events.filter(isType("chat")).map((e) => e.mid);
    expect(all).toEqual([...missed, live]);
  });

  it("tells the client about a backlog longer than the limit instead of dropping it silently", async () => {
    const { s, seed: { admin, bob } } = suite;
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const mids: number[] = [];
    for (let i = 0; i < 7; i++) mids.push(await buildMessage(s, admin, { gid: general }, `m${i}`));
    const c = await suite.connectWith(bob, { after_mid: mids[0], limit: 3 });
    const gap = c.events.find(isType("history_gap"));
    expect(gap).toEqual({ type: "history_gap", after_mid: mids[0], first_mid: mids[4], skipped: 3 });
    expect(c.events.filter(isType("chat")).map((e) => e.mid)).toEqual(mids.slice(4));
    const types = c.events.map((e) => e.type);
    expect(types.indexOf("history_gap")).toBeLessThan(types.indexOf("chat"));
  });

  it("keeps one stream per (user, device): the older one is kicked", async () => {
    const { s, seed: { bob } } = suite;
    const [older] = await suite.connect(bob);
    const [newer] = await suite.connect(bob);
    const kick = await older.waitFor<EventOf<"kick">>(isType("kick"));
    expect(kick.reason).toBe("login_from_other_device");
    await older.ended;
    expect(newer.events.some((e) => e.type === "kick")).toBe(false);

    // Another device of the same user keeps its own stream.
    const phone = await login(s, "bob@example.com", "member-pass", "phone");
    await suite.connect(phone);
    await new Promise((r) => setTimeout(r, 100));
    expect(newer.events.some((e) => e.type === "kick")).toBe(false);
  });

  it("logout kicks that device's stream with reason logout", async () => {
    const { s, seed: { bob } } = suite;
    const [c] = await suite.connect(bob);
    const res = await call(s, "GET", "/token/logout", bob);
    expect(res.statusCode).toBe(200);
    expect((await c.waitFor<EventOf<"kick">>(isType("kick"))).reason).toBe("logout");
    await c.ended;
  });

  it("announces presence to others when the first stream opens and the last one closes", async () => {
    const { admin, bob } = suite.seed;
    const [watcher] = await suite.connect(admin);
    const [b] = await suite.connect(bob);
    const online = await watcher.waitFor<EventOf<"users_state_changed">>(isType("users_state_changed"));
    expect(online).toEqual({ type: "users_state_changed", uid: bob.uid, online: true });
    expect(b.events.some((e) => e.type === "users_state_changed" && e.uid === bob.uid)).toBe(false);
    const from = watcher.events.length;
    b.close();
    const offline = await watcher.waitFor((e) => e.type === "users_state_changed" && !e.online, 5_000, from);
    expect(offline).toEqual({ type: "users_state_changed", uid: bob.uid, online: false });
  });

  it("announces a new channel and a new user live", async () => {
    const { s, seed: { admin, bob } } = suite;
    const [c] = await suite.connect(bob);
    const gid = await buildChannel(s, admin, { name: "team", members: [bob.uid] });
    const joined = await c.waitFor<EventOf<"joined_group">>(isType("joined_group"));
    expect(joined.group).toMatchObject({ gid, name: "team", owner: admin.uid, members: [admin.uid, bob.uid], is_public: false });
    await buildMember(s, admin, "Dave");
    const log = await c.waitFor<EventOf<"users_log">>(isType("users_log"));
    expect(log.logs[0]).toMatchObject({ action: "create", name: "Dave" });
  });

  it("does not keep the access token in an open stream's request", async () => {
    const { s, seed: { admin, bob } } = suite;
    const requests: IncomingMessage[] = [];
    s.app.server.on("request", (req: IncomingMessage) => requests.push(req));
    const c = await suite.connectWith(bob, { after_mid: 0 });
    const stream = requests.find((req) => req.url?.startsWith("/api/user/events"));
    expect(stream?.url).toBe("/api/user/events");
    // The stream still works: a live message arrives.
    const gid = await buildChannel(s, admin, { name: "team", members: [bob.uid] });
    const mid = await buildMessage(s, admin, { gid: gid }, "still here");
    expect((await c.waitFor<EventOf<"chat">>((e) => e.type === "chat" && e.mid === mid)).mid).toBe(mid);
  });

  it("rejects bad query parameters with 400", async () => {
    const { s, seed: { bob } } = suite;
    expect((await openEvents(s.url, { "api-key": bob.token, after_mid: "abc" })).status).toBe(400);
    expect((await openEvents(s.url, { "api-key": bob.token, limit: 0 })).status).toBe(400);
  });

  it("replays a chat that committed out of mid order to a client resuming past it, and only chats it may see", async () => {
    const { s, seed: { admin, bob } } = suite;
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const secret = await buildChannel(s, admin, { name: "secret", members: [] });
    const early = await buildMessage(s, admin, { gid: general }, "committed late");
    const hidden = await buildMessage(s, admin, { gid: secret }, "late, but not for bob");
    const later = await buildMessage(s, admin, { gid: general }, "seen first");
    // As the streams would have heard them: `later` first, then the two smaller mids.
    const lateChats = s.ctx.hub.lateChats;
    for (const mid of [later, early, hidden]) lateChats.observe(mid);
    // Bob saw `later`, lost his stream and resumes from it.
    const c = await suite.connectWith(bob, { after_mid: later });
    expect(c.events.filter(isType("chat")).map((e) => e.mid)).toEqual([early]);
    // A fresh client (no after_mid) has everything from the backlog, nothing replayed twice.
    const fresh = await suite.connectWith(bob, {});
    const mids = fresh.events.filter(isType("chat")).map((e) => e.mid);
    expect(mids).toEqual([early, later]);
  });
});
