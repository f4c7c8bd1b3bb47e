import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "../context.js";

/** How long the database or Redis may take to answer before the check calls it down. */
export const HEALTH_TIMEOUT_MS = 2_000;

export type PartHealth = "ok" | "down";

/** The body of `GET /health` (docs/OPERATIONS.md "Monitoring"). */
export interface Health {
  status: PartHealth;
  database: PartHealth;
  /** `off` on a single node (no `REDIS_URL`). */
  redis: PartHealth | "off";
}

/** `work`'s outcome: `ok` when it resolves within `ms`, `down` when it fails or takes longer. */
async function within(work: () => Promise<unknown>, ms: number): Promise<PartHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PartHealth>((resolve) => {
    timer = setTimeout(() => resolve("down"), ms);
  });
  const done = Promise.resolve()
    .then(work)
    .then(
      () => "ok" as const,
      () => "down" as const,
    );
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this node can reach its database (`SELECT 1`) and, in cluster mode, Redis (`PING`). */
export async function checkHealth(ctx: AppContext, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  const redis = ctx.cluster.redis;
  const [database, redisHealth] = await Promise.all([
    within(() => sql`SELECT 1`.execute(ctx.db), timeoutMs),
    // Not connected is down at once: a PING would wait in ioredis's offline queue
    // (cluster/redis.ts), and every check of an outage would add one more to it.
    redis === null ? ("off" as const) : redis.status !== "ready" ? ("down" as const) : within(() => redis.ping(), timeoutMs),
  ]);
  const ok = database === "ok" && redisHealth !== "down";
  return { status: ok ? "ok" : "down", database, redis: redisHealth };
}

/**
 * `GET /health` for load balancers: 200 when this node can serve, 503 (the failing part marked
 * `down`) when its database or Redis is unreachable. Unauthenticated, so a check already
 * running is shared: a flood of health checks costs one `SELECT 1` at a time, never the pool.
 */
export function installHealth(app: FastifyInstance, ctx: AppContext, timeoutMs = HEALTH_TIMEOUT_MS): void {
  let running: Promise<Health> | null = null;
  app.get("/health", async (_req, reply) => {
    running ??= checkHealth(ctx, timeoutMs).finally(() => {
      running = null;
    });
    const health = await running;
    return reply
      .code(health.status === "ok" ? 200 : 503)
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(health));
  });
}
