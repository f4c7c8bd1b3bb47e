import { afterAll, describe, expect, it } from "vitest";
import { call, ok } from "../test/api.js";
import { clusterAvailable, useCluster } from "../test/cluster.js";
import { buildMessage, buildUser } from "../test/factories.js";
import { startPushReceiver, type PushReceiver } from "../test/pushReceiver.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two nodes on one PostgreSQL schema and one Redis (docs/CLUSTER.md): messages sent through
 * either node are notified exactly once, by whichever node holds the `notifications` lease.
 */
describe.skipIf(!clusterAvailable())("notifications in a cluster", () => {
  const cluster = useCluster(2, { previewAllowPrivate: true, notifyPollMs: 50, notifyPushDelayMs: 200 });
  let push: PushReceiver | null = null;
  afterAll(async () => {
    await push?.close();
  });

  it("messages sent through both nodes reach the subscriber once each", async () => {
    const [a, b] = cluster.nodes;
    push = await startPushReceiver();
    const bob = await buildUser(a, "Bob");
    ok(await call(b, "POST", "/user/push/subscriptions", bob, { endpoint: push.endpoint("bob"), keys: push.keys }), "subscribe");
    // One sender per message: each push is its own conversation (a batch sends one per conversation).
    const mids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const sender = await buildUser(a, `Sender${i}`);
      mids.push(await buildMessage(i % 2 === 0 ? a : b, sender, { uid: bob.uid }, `hello ${i}`));
    }
    await push.waitFor(6, 10_000);
    await sleep(600);
    expect(push.rejected).toEqual([]);
    expect(push.received.map((p) => (p.payload as { mid: number }).mid).sort((x, y) => x - y)).toEqual(mids);
    const rows = await a.ctx.db.selectFrom("notify_queue").select(["mid", "outcome", "attempts"]).where("path", "=", "webpush").orderBy("mid").execute();
    expect(rows).toEqual(mids.map((mid) => ({ mid, outcome: "sent", attempts: 1 })));
  }, 30_000);
});
