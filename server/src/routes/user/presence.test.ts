import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import type { SseClient } from "../../test/sse.js";
import { dialects, login, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildMember } from "../../test/factories.js";
import { connect, fence, isType } from "../../test/events.js";

/** `show_user_online_status` off: presence is never revealed (Parley enforces the switch server-side). */
describe.each(dialects())("presence and show_user_online_status (%s)", (dialect) => {
  const suite = useSuite(dialect, {
    seed: async (s) => {
      const admin = await buildAdmin(s);
      return { admin, bob: await buildMember(s, admin, "Bob"), carol: await buildMember(s, admin, "Carol") };
    },
  });

  const setPresence = (s: TestServer, admin: Session, on: boolean) =>
    s.app.inject({ method: "PUT", url: "/api/admin/system/common", headers: admin.headers, payload: { show_user_online_status: on } });
  const presence = (c: SseClient, from: number) =>
    c.events.slice(from).filter((e): e is EventOf<"users_state_changed"> => e.type === "users_state_changed");

  it("off: no users_state_changed, everyone offline in users_state; switching tells the truth again", async () => {
    const { s, seed: { admin, bob, carol } } = suite;
    const [watcher] = await suite.connect(admin);
    expect((await setPresence(s, admin, false)).statusCode).toBe(200);

    let from = watcher.events.length;
    const [b] = await suite.connect(bob);
    await fence(s, [watcher], [from]);
    expect(presence(watcher, from)).toEqual([]);
    // Carol connects: Bob and the admin are online, yet reported offline.
    const [c] = await suite.connect(carol);
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
    const [b2] = await suite.connect(await login(s, "bob@example.com", "member-pass"));
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
    const { s: first, seed: { admin } } = suite;
    expect((await setPresence(first, admin, false)).statusCode).toBe(200);
    // Started by hand: a second server on the same storage, as a restart would start. It closes
    // before the suite's, which owns (and removes) that storage.
    const s = await startTestServer(dialect, dialect === "postgres" ? { databaseSchema: first.ctx.config.databaseSchema } : { dataDir: first.ctx.config.dataDir });
    const open: SseClient[] = [];
    try {
      await s.listen();
      const watcher = await connect(s, admin, open);
      const from = watcher.events.length;
      await connect(s, await login(s, "bob@example.com", "member-pass"), open);
      await fence(s, [watcher], [from]);
      expect(presence(watcher, from)).toEqual([]);
    } finally {
      for (const c of open) c.close();
      await s.close();
    }
  });
});
