import { afterEach, describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import type { SseClient } from "../../test/sse.js";
import { dialects, login, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { buildAdmin, buildMember } from "../../test/factories.js";
import { connect, fence, isType } from "../../test/events.js";

/** `show_user_online_status` off: presence is never revealed (Parley enforces the switch server-side). */
describe.each(dialects())("presence and show_user_online_status (%s)", (dialect) => {
  const servers: TestServer[] = [];
  const open: SseClient[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    // A restarted server shares the first server's storage, which the first removes: close it first.
    for (const srv of servers.splice(0).reverse()) await srv.close();
  });

  async function start(overrides = {}) {
    const s = await startTestServer(dialect, overrides);
    servers.push(s);
    await s.listen();
    return s;
  }
  const setPresence = (s: TestServer, admin: Session, on: boolean) =>
    s.app.inject({ method: "PUT", url: "/api/admin/system/common", headers: admin.headers, payload: { show_user_online_status: on } });
  const presence = (c: SseClient, from: number) =>
    c.events.slice(from).filter((e): e is EventOf<"users_state_changed"> => e.type === "users_state_changed");

  it("off: no users_state_changed, everyone offline in users_state; switching tells the truth again", async () => {
    const s = await start();
    const admin = await buildAdmin(s);
    const bob = await buildMember(s, admin, "Bob");
    const carol = await buildMember(s, admin, "Carol");
    const watcher = await connect(s, admin, open);
    expect((await setPresence(s, admin, false)).statusCode).toBe(200);

    let from = watcher.events.length;
    const b = await connect(s, bob, open);
    await fence(s, [watcher], [from]);
    expect(presence(watcher, from)).toEqual([]);
    // Carol connects: Bob and the admin are online, yet reported offline.
    const c = await connect(s, carol, open);
    const state = c.events.find(isType("users_state"));
    expect(state?.users).toEqual([
      { uid: admin.uid, online: false },
      { uid: bob.uid, online: false },
    ]);

    // Turned back on: the users online now are announced, and changes flow again.
    from = watcher.events.length;
    expect((await setPresence(s, admin, true)).statusCode).toBe(200);
    await fence(s, [watcher], [from]);
    expect(presence(watcher, from).sort((x, y) => x.uid - y.uid)).toEqual([
      { type: "users_state_changed", uid: bob.uid, online: true },
      { type: "users_state_changed", uid: carol.uid, online: true },
    ]);
    from = watcher.events.length;
    b.close();
    await watcher.waitFor((e) => e.type === "users_state_changed" && e.uid === bob.uid && !e.online, 5_000, from);

    // Turned off again: the online users are reported offline once; then silence.
    const b2 = await connect(s, await login(s, "bob@example.com", "member-pass"), open);
    await watcher.waitFor((e) => e.type === "users_state_changed" && e.uid === bob.uid && e.online, 5_000, from);
    from = watcher.events.length;
    expect((await setPresence(s, admin, false)).statusCode).toBe(200);
    b2.close();
    await b2.ended;
    const [afterOff] = await fence(s, [watcher], [from]);
    expect(afterOff.filter(isType("users_state_changed")).sort((x, y) => x.uid - y.uid)).toEqual([
      { type: "users_state_changed", uid: bob.uid, online: false },
      { type: "users_state_changed", uid: carol.uid, online: false },
    ]);
  });

  it("the switch is read at start: a restarted server keeps presence hidden", async () => {
    const first = await start();
    const admin = await buildAdmin(first);
    await buildMember(first, admin, "Bob");
    expect((await setPresence(first, admin, false)).statusCode).toBe(200);
    // A second server on the same storage starts as a restart would.
    const s = await start(dialect === "postgres" ? { databaseSchema: first.ctx.config.databaseSchema } : { dataDir: first.ctx.config.dataDir });
    const watcher = await connect(s, admin, open);
    const from = watcher.events.length;
    await connect(s, await login(s, "bob@example.com", "member-pass"), open);
    await fence(s, [watcher], [from]);
    expect(presence(watcher, from)).toEqual([]);
  });
});
