import Fastify from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../context.js";
import { dialects } from "../test/harness.js";
import { useSuite } from "../test/suite.js";
import { checkHealth, installHealth } from "./health.js";

/** A Fastify app serving only `/health` for `ctx` (a context with another Redis, or a short timeout). */
async function healthOnly(ctx: AppContext, timeoutMs?: number) {
  const app = Fastify();
  installHealth(app, ctx, timeoutMs);
  await app.ready();
  return app;
}

const opened: Redis[] = [];
afterEach(() => {
  for (const r of opened.splice(0)) r.disconnect();
});

/** A Redis client as cluster/redis.ts makes them (no request ever failed for waiting), outside any server. */
function redisAt(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(100 * n, 2_000) });
  client.on("error", () => {});
  opened.push(client);
  return client;
}

describe.each(dialects())("GET /health (%s)", (dialect) => {
  const suite = useSuite(dialect);

  it("answers 200 with each part's state: the database ok, Redis off on a single node", async () => {
    const res = await suite.s.app.inject({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ status: "ok", database: "ok", redis: "off" });
    // Unauthenticated, and HEAD too (load balancers use either).
    expect((await suite.s.app.inject({ method: "HEAD", url: "/health" })).statusCode).toBe(200);
  });

  it("answers 503 with the database down once the database is gone", async () => {
    await suite.s.ctx.db.destroy();
    const res = await suite.s.app.inject({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "down", database: "down", redis: "off" });
  });

  it("calls a database that does not answer within the timeout down, and shares one check between concurrent callers", async () => {
    // Holding connections keeps `SELECT 1` waiting: SQLite has one, PostgreSQL a pool of 10.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: dialect === "sqlite" ? 1 : 10 }, () => suite.s.ctx.db.connection().execute(() => held));
    const app = await healthOnly(suite.s.ctx, 200);
    const execute = vi.spyOn(suite.s.ctx.db, "getExecutor");
    try {
      const started = Date.now();
      const [a, b] = await Promise.all([app.inject({ method: "GET", url: "/health" }), app.inject({ method: "GET", url: "/health" })]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect([a.statusCode, b.statusCode]).toEqual([503, 503]);
      expect(a.json()).toEqual({ status: "down", database: "down", redis: "off" });
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
      release();
      await Promise.all(holders);
      await app.close();
    }
    // Free again: healthy again.
    expect((await suite.s.app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
  });
});

describe("GET /health with Redis (REDIS_URL)", () => {
  const suite = useSuite("sqlite", { config: { redisUrl: "redis://127.0.0.1:6379" } });

  it("answers redis ok when Redis answers PING", async () => {
    const redis = suite.s.ctx.cluster.redis;
    expect(redis).not.toBeNull();
    await vi.waitFor(() => expect(redis?.status).toBe("ready"));
    const res = await suite.s.app.inject({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok", redis: "ok" });
  });

  // A node starting without Redis waits for it (the cluster mode subscribes before it serves), so
  // the unreachable Redis is given to a running node's context instead.
  it("answers 503 with redis down when Redis is unreachable, without queueing PINGs", async () => {
    const down = redisAt("redis://127.0.0.1:1");
    const ctx: AppContext = { ...suite.s.ctx, cluster: { ...suite.s.ctx.cluster, redis: down } };
    const app = await healthOnly(ctx);
    try {
      const started = Date.now();
      const res = await app.inject({ method: "GET", url: "/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "down", database: "ok", redis: "down" });
      // Not connected is down at once, not after the 2 s timeout.
      expect(Date.now() - started).toBeLessThan(1_000);
      expect((await checkHealth(ctx)).redis).toBe("down");
    } finally {
      await app.close();
    }
  });

  it("answers redis down when a connected Redis does not answer PING in time", async () => {
    // A stand-in: connected, but its PING never answers (a stalled server; a real one cannot be
    // stalled without stalling the Redis other suites share).
    const stalled = { status: "ready", ping: () => new Promise<never>(() => {}) } as unknown as Redis;
    const ctx: AppContext = { ...suite.s.ctx, cluster: { ...suite.s.ctx.cluster, redis: stalled } };
    const started = Date.now();
    expect(await checkHealth(ctx, 200)).toEqual({ status: "down", database: "ok", redis: "down" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
