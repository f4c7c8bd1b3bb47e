import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { STALE_PARTICIPANT_MS } from "../commands/calls.js";
import { call, ok } from "../test/api.js";
import { clusterAvailable, useCluster } from "../test/cluster.js";
import { connect, fence, isType } from "../test/events.js";
import { buildAdmin, buildChannel, buildUser } from "../test/factories.js";
import type { TestServer } from "../test/harness.js";
import type { SseClient } from "../test/sse.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The sweep's interval here (5 s by default): short, so a test waits for passes, not seconds. */
const SWEEP_MS = 400;
/** A bound for what must come within a few passes (for failure, not a pause). */
const SWEEP_WAIT_MS = 15_000;
/** Long enough for several passes on a loaded machine. */
const SOME_PASSES_MS = SWEEP_MS * 4;

/**
 * The call sweep (docs/API.md "Calls (addition)", docs/CALLS.md "Stale participants") on three
 * nodes of one PostgreSQL schema and one Redis: one node at a time runs it (the `job:call-sweep`
 * lease), it sees streams held by other nodes (presence is cluster-wide), and when the node the
 * participants streamed from stops, it ends their call once, for the streams of the two others.
 */
describe.skipIf(!clusterAvailable())("the call sweep in a cluster", () => {
  const { nodes } = useCluster(3, { callSweepMs: SWEEP_MS });

  /** Passes of the call sweep each node has run so far. */
  const passes = (of: TestServer[]) => of.map((n) => n.ctx.jobs.calls.passes);
  /** Which nodes ran passes between two readings. */
  const ran = (before: number[], after: number[]) => after.map((n, i) => n > before[i]);

  it("runs on one node at a time, keeps participants streaming elsewhere, and ends a call whose node stopped for both other nodes' streams", async () => {
    const [a, b, c] = nodes;
    const admin = await buildAdmin(a);
    const [bob, carol] = [await buildUser(c, "Bob"), await buildUser(c, "Carol")];
    const [otto, olga] = [await buildUser(a, "Otto"), await buildUser(b, "Olga")];
    const general = await buildChannel(a, admin, { name: "general", is_public: true });
    const room = `group:${general}`;
    const open: SseClient[] = [];
    try {
      // Bob and Carol stream from node c (and join through c and b); Otto watches on a, Olga on b.
      await connect(c, bob, open);
      await connect(c, carol, open);
      const watchers = [await connect(a, otto, open), await connect(b, olga, open)];
      ok(await call(c, "POST", "/call/join", bob, { gid: general }), "bob joins");
      ok(await call(b, "POST", "/call/join", carol, { gid: general }), "carol joins");
      const joinedAt = Date.now();

      // While all three run: passes on exactly one node, and it keeps Bob and Carol (their streams
      // are on c, wherever the sweep runs), refreshing when they were seen.
      const first = passes(nodes);
      await expect
        .poll(async () => (await a.ctx.db.selectFrom("call_participants").select("seen_at").execute()).every((p) => p.seen_at > joinedAt), { timeout: SWEEP_WAIT_MS, interval: 200 })
        .toBe(true);
      await sleep(SOME_PASSES_MS); // passes on one node only
      expect(ran(first, passes(nodes)).filter(Boolean)).toHaveLength(1);
      expect((await a.ctx.db.selectFrom("call_participants").select("uid").orderBy("uid").execute()).map((p) => p.uid)).toEqual([bob.uid, carol.uid].sort((x, y) => x - y));

      // Node c stops: Bob's and Carol's streams go with it. Their last sighting is made 30 s old
      // at once rather than waited for.
      const from = watchers.map((w) => w.events.length);
      await c.close();
      nodes.splice(nodes.indexOf(c), 1);
      await a.ctx.db.updateTable("call_participants").set({ seen_at: Date.now() - STALE_PARTICIPANT_MS - 1_000 }).execute();
      const survivors = passes([a, b]);
      const ended = (w: SseClient, i: number) => w.waitFor((e) => e.type === "call_room" && e.ended && e.room.room === room, SWEEP_WAIT_MS, from[i]);
      await Promise.all(watchers.map(ended));

      expect(await a.ctx.db.selectFrom("call_rooms").selectAll().execute()).toEqual([]);
      expect(await a.ctx.db.selectFrom("call_participants").selectAll().execute()).toEqual([]);
      // Each watcher heard the end once, and the conversation got one "Call ended".
      const heard = await fence(a, watchers, from);
      for (const events of heard) expect(events.filter((e): e is EventOf<"call_room"> => isType("call_room")(e) && e.ended)).toHaveLength(1);
      // (posted right after the room's end is published)
      const posted = async () => (await a.ctx.db.selectFrom("messages").select("content").where("target_gid", "=", general).orderBy("mid").execute()).map((m) => m.content);
      await expect.poll(posted, { timeout: 5_000 }).toEqual(["📞 Call started", expect.stringMatching(/^📞 Call ended · /)]);
      // One of the two left ran the sweep since, never both.
      await sleep(SOME_PASSES_MS);
      expect(ran(survivors, passes([a, b])).filter(Boolean)).toHaveLength(1);
    } finally {
      for (const s of open) s.close();
    }
  }, 90_000);
});
