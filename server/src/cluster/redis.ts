import { randomBytes } from "node:crypto";
import type { Redis, RedisOptions } from "ioredis";

/**
 * What this node shares with the others of its cluster (docs/CLUSTER.md). `redis` is null on a
 * single node (no `REDIS_URL`): every consumer then keeps its state in this process.
 */
export interface ClusterContext {
  /** This node's name: logs, metrics and job leases name it. */
  nodeId: string;
  /**
   * This process: the node id and a random suffix, new at every start, so what a crashed
   * process left in Redis is never taken for the restarted one's (presence, the bus's echo filter).
   */
  instance: string;
  /** Where the cluster parts report trouble (Redis lost, a bad message); `buildApp` points it at the log. */
  onError: (err: unknown, what: string) => void;
  /** The command connection (GET/SET/EVAL/PUBLISH). Subscribers open their own: a subscribed connection can run nothing else. */
  redis: Redis | null;
  /**
   * A Redis key or channel name of this cluster: `parley:<namespace>:<name>`. The namespace is
   * the database schema the nodes share, so several clusters (or test runs) can use one Redis.
   */
  key(name: string): string;
  /** Opens another connection to the same Redis (a subscriber); null on a single node. */
  connect(name: string): Redis | null;
  /** Closes the connections this context opened. */
  close(): Promise<void>;
}

/** Every key and channel Parley writes starts with this, so a shared Redis can hold other things too. */
export const KEY_PREFIX = "parley:";

/**
 * Options for every Parley connection. Commands issued while Redis is away wait in ioredis's
 * offline queue and go out on reconnect (`maxRetriesPerRequest: null`: they are never failed
 * for having waited), so a publish during a blip is late, not lost; reconnects back off to 2 s.
 */
function options(instance: string, name: string): RedisOptions {
  return {
    // `CLIENT LIST` names each connection's process and role (`parley-<instance>-events`).
    connectionName: `parley-${instance}-${name}`,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2_000),
    lazyConnect: false,
  };
}

/**
 * The cluster context of a node: with `redisUrl`, its Redis connections; without, a single node's.
 * ioredis is loaded only for a cluster: a single node does not carry it (about 1.5 MB of an
 * idle server's RSS, docs/PERFORMANCE.md).
 */
export async function createClusterContext(nodeId: string, redisUrl: string | null, namespace = "default"): Promise<ClusterContext> {
  const prefix = `${KEY_PREFIX}${namespace}:`;
  const instance = `${nodeId}.${randomBytes(4).toString("hex")}`;
  const opened: Redis[] = [];
  const RedisClient = redisUrl ? (await import("./ioredis.js")).Redis : null;
  if (redisUrl && typeof RedisClient !== "function") throw new Error("REDIS_URL is set but the Redis client did not load");
  const connect = (name: string): Redis | null => {
    if (!redisUrl || !RedisClient) return null;
    const client = new RedisClient(redisUrl, options(instance, name));
    // ioredis reports every failed reconnect as an `error`; without a listener each one would be
    // an unhandled error event. The `ready` and `close` events are what consumers act on.
    client.on("error", () => {});
    opened.push(client);
    return client;
  };
  const redis = connect("commands");
  return {
    nodeId,
    instance,
    onError: (err, what) => console.error(`parley cluster: ${what}`, err),
    redis,
    key: (name) => prefix + name,
    connect,
    async close() {
      await Promise.all(opened.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

/**
 * Hands `receive` each message published on `channel` to the `subscriber` connection, parsed
 * from JSON. One that is not JSON (a stray publisher on a shared Redis) goes to `onError` and is
 * dropped, so it never stops the connection's other listeners.
 */
export function onJsonMessage<T>(subscriber: Redis, channel: string, receive: (message: T) => void, onError: (err: unknown) => void): void {
  subscriber.on("message", (from: string, raw: string) => {
    if (from !== channel) return;
    let message: T;
    try {
      message = JSON.parse(raw) as T;
    } catch (err) {
      onError(err);
      return;
    }
    receive(message);
  });
}
