import { randomBytes } from "node:crypto";
import type { ClusterContext } from "./redis.js";

/** How long a lease lasts without renewal: a holder that dies is replaced within it (docs/CLUSTER.md "Job leases"). */
export const LEASE_TTL_MS = 30_000;
/** How often a holder renews at the latest, so a lease never runs out under a living holder. */
export const LEASE_RENEW_MS = 10_000;
/** A lease command with no answer in this time is given up: a lease never waits for a reconnect. */
const COMMAND_TIMEOUT_MS = 2_000;

/** Extends the lease only while this holder's token is in it. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
/** Deletes the lease only while this holder's token is in it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * A cluster-wide lease: at most one holder at a time, for `ttlMs` unless renewed. The key
 * (`ctx.cluster.key(name)`) holds the holder's token, `<nodeId>#<random>`: the node's name for
 * whoever reads it, and a part of its own so two processes started with the same `NODE_ID`
 * still tell their leases apart. Taking it is `SET NX PX`; renewing and releasing compare the
 * token first (one Lua script each), so only the holder renews or releases.
 *
 * Without Redis (a single node) the lease is always held. While Redis is away nothing is sent
 * (ioredis would queue it until the reconnect): taking and renewing fail, and a release is left
 * to the expiry.
 */
export class Lease {
  readonly key: string;
  readonly token: string;
  /** A command for the lease is given up after this: it must answer well within the lease. */
  private readonly timeoutMs: number;
  /** Whether this holder took or renewed the lease last time it asked. */
  private holding = false;

  constructor(
    private readonly cluster: Pick<ClusterContext, "redis" | "key" | "nodeId">,
    readonly name: string,
    readonly ttlMs = LEASE_TTL_MS,
  ) {
    this.key = cluster.key(name);
    this.token = `${cluster.nodeId}#${randomBytes(6).toString("hex")}`;
    this.timeoutMs = Math.min(COMMAND_TIMEOUT_MS, Math.floor(ttlMs / 3));
  }

  /** Whether this holder holds the lease, as of its last answer from Redis (always on a single node). */
  get held(): boolean {
    return this.cluster.redis === null || this.holding;
  }

  /** Takes the lease when it is free, or renews it when this holder has it. Answers whether it is held. */
  async tryAcquire(): Promise<boolean> {
    const redis = this.cluster.redis;
    if (!redis) return true;
    if (redis.status !== "ready") return (this.holding = false);
    try {
      const taken = await this.bounded(redis.set(this.key, this.token, "PX", this.ttlMs, "NX"));
      // Not free: it may still be ours (a renewal whose answer was lost, say).
      this.holding = taken === "OK" || (await this.renewOnce());
    } catch {
      this.holding = false;
    }
    return this.holding;
  }

  /** Extends the lease by `ttlMs` if this holder has it. Answers whether it is still held. */
  async renew(): Promise<boolean> {
    const redis = this.cluster.redis;
    if (!redis) return true;
    if (redis.status !== "ready") return (this.holding = false);
    try {
      this.holding = await this.renewOnce();
    } catch {
      this.holding = false;
    }
    return this.holding;
  }

  /** Gives the lease up if this holder has it, so another node takes it at its next attempt. */
  async release(): Promise<void> {
    const redis = this.cluster.redis;
    this.holding = false;
    // Asked even when this holder thinks it has no lease: a late SET may have given it one.
    if (!redis || redis.status !== "ready") return;
    try {
      await this.bounded(redis.eval(RELEASE, 1, this.key, this.token));
    } catch {
      // It expires by itself within `ttlMs`.
    }
  }

  private async renewOnce(): Promise<boolean> {
    const redis = this.cluster.redis;
    if (!redis) return true;
    return (await this.bounded(redis.eval(RENEW, 1, this.key, this.token, String(this.ttlMs)))) === 1;
  }

  /**
   * A command that is late is taken as failed. If it lands after all, the lease holds this
   * token without this holder knowing: its next `tryAcquire` finds it and renews it.
   */
  private bounded<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("redis: no answer")), this.timeoutMs);
    });
    return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
  }
}
