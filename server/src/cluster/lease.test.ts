import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { AppContext } from "../context.js";
import { PeriodicJob } from "../jobs/periodic.js";
import { Lease } from "./lease.js";
import { createClusterContext, type ClusterContext } from "./redis.js";

/** The Redis of the cluster tests (docs/CLUSTER.md); this machine runs one on the default port. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const ready = (redis: Redis) => (redis.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => redis.once("ready", () => resolve())));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

describe("Lease and PeriodicJob across nodes (Redis)", () => {
  const namespace = `lease-test-${randomBytes(4).toString("hex")}`;
  const opened: ClusterContext[] = [];
  const node = async (nodeId: string) => {
    const cluster = await createClusterContext(nodeId, REDIS_URL, namespace);
    opened.push(cluster);
    await ready(cluster.redis!);
    return cluster;
  };
  const jobs: PeriodicJob[] = [];
  afterEach(async () => {
    await Promise.all(jobs.splice(0).map((job) => job.stop()));
  });
  afterAll(async () => {
    const probe = await createClusterContext("cleanup", REDIS_URL, namespace);
    const keys = await probe.redis!.keys(probe.key("*"));
    if (keys.length > 0) await probe.redis!.del(...keys);
    await Promise.all([probe, ...opened].map((c) => c.close()));
  });

  it("has one holder; only the holder renews or releases; the key is the cluster's and names the node", async () => {
    const [a, b] = await Promise.all([node("node-a"), node("node-b")]);
    const mine = new Lease(a, "job:test-basics", 5_000);
    const theirs = new Lease(b, "job:test-basics", 5_000);
    expect(await mine.tryAcquire()).toBe(true);
    expect(await theirs.tryAcquire()).toBe(false);
    expect(await theirs.renew()).toBe(false);
    await theirs.release();
    expect(mine.key).toBe(`parley:${namespace}:job:test-basics`);
    expect(await a.redis!.get(mine.key)).toBe(mine.token);
    expect(mine.token.startsWith("node-a#")).toBe(true);
    // Taking it again is a renewal.
    expect(await mine.tryAcquire()).toBe(true);
    expect(await mine.renew()).toBe(true);
    expect(await a.redis!.pttl(mine.key)).toBeGreaterThan(4_000);
    await mine.release();
    expect(await a.redis!.exists(mine.key)).toBe(0);
    expect(await theirs.tryAcquire()).toBe(true);
    expect(mine.held).toBe(false);
    expect(theirs.held).toBe(true);
    await theirs.release();
  });

  it("is always held on a single node (no Redis)", async () => {
    const lease = new Lease({ nodeId: "solo", redis: null, key: (name) => `parley:solo:${name}` }, "job:solo");
    expect(lease.held).toBe(true);
    expect(await lease.tryAcquire()).toBe(true);
    expect(await lease.renew()).toBe(true);
    await lease.release();
    expect(lease.held).toBe(true);
  });

  /** A job with a fast interval and a short lease on `cluster`, counting its passes. */
  const countingJob = (cluster: ClusterContext, ttlMs: number) => {
    const passes = { count: 0 };
    const job = new PeriodicJob("test sweep", 50, async () => void passes.count++, { leaseTtlMs: ttlMs });
    job.start({ cluster } as AppContext, (err) => {
      throw err;
    });
    jobs.push(job);
    return { job, passes };
  };

  it("runs a job's passes on one node only, and hands it over at once on stop()", async () => {
    const [a, b] = await Promise.all([node("node-a"), node("node-b")]);
    const one = countingJob(a, 1_500);
    const two = countingJob(b, 1_500);
    await sleep(700);
    const counts = [one.passes.count, two.passes.count].sort((x, y) => x - y);
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBeGreaterThan(5);
    expect(await a.redis!.get(a.key("job:test-sweep"))).toMatch(/^node-[ab]#/);

    const [holder, other] = one.passes.count > 0 ? [one, two] : [two, one];
    await holder.job.stop();
    const before = other.passes.count;
    // Released: the other node takes it at its next tick, well before the lease would lapse.
    expect(await until(() => other.passes.count > before, 1_000)).toBeLessThan(700);
  });

  it("a holder that dies without releasing is replaced within the lease's lifetime", async () => {
    const [a, b] = await Promise.all([node("node-a"), node("node-b")]);
    const ttl = 1_500;
    const one = countingJob(a, ttl);
    await until(() => one.passes.count > 0, 1_000);
    const two = countingJob(b, ttl);
    await sleep(300);
    expect(two.passes.count).toBe(0);

    // A crash: the connection goes, then the timers, and nothing is released.
    a.redis!.disconnect();
    const crashedAt = Date.now();
    await one.job.stop();
    expect(await b.redis!.exists(b.key("job:test-sweep"))).toBe(1);
    const countAtCrash = one.passes.count;
    await until(() => two.passes.count > 0, ttl + 2_000);
    const takeover = Date.now() - crashedAt;
    // The last renewal came at most one tick before the crash: the lease runs out ~ttl later,
    // and the other node takes it at its next tick (the margin is for a loaded machine).
    expect(takeover).toBeGreaterThan(ttl / 2);
    expect(takeover).toBeLessThan(ttl + 1_000);
    expect(one.passes.count).toBe(countAtCrash);
  });
});
