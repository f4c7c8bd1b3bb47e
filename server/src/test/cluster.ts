import { afterAll, beforeAll } from "vitest";
import type { Config } from "../config.js";
import { startTestServer, type TestServer } from "./harness.js";

/** The Redis the cluster suites use (CI and these machines run one on the default port). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Cluster suites need PostgreSQL (the nodes share a schema) and Redis; without them they are skipped. */
export const clusterAvailable = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export interface TestCluster {
  /** The nodes, listening; `nodes[0]` owns the schema and the data directory. */
  readonly nodes: TestServer[];
}

/**
 * `n` Parley nodes on one PostgreSQL schema and one Redis, each listening on its own port, for
 * the `describe` it is called in (docs/CLUSTER.md). They share the data directory too, as nodes
 * behind one proxy share a volume or a bucket.
 */
export function useCluster(n: number, config: Partial<Config> = {}): TestCluster {
  const nodes: TestServer[] = [];
  beforeAll(async () => {
    const first = await startTestServer("postgres", { redisUrl: TEST_REDIS_URL, nodeId: "node-a", ...config });
    nodes.push(first);
    const shared = { databaseSchema: first.ctx.config.databaseSchema, dataDir: first.ctx.config.dataDir };
    for (let i = 1; i < n; i++) {
      nodes.push(await startTestServer("postgres", { redisUrl: TEST_REDIS_URL, nodeId: `node-${String.fromCharCode(97 + i)}`, ...config, ...shared }));
    }
    for (const node of nodes) await node.listen();
  }, 60_000);
  afterAll(async () => {
    // The owner last: it drops the schema the others use.
    for (const node of [...nodes].reverse()) await node.close();
  }, 60_000);
  return { nodes };
}

/**
 * Cuts one node's Redis subscriptions (its event bus and presence subscribers), as a network
 * blip would, without touching the other connections of the shared Redis: other suites and
 * benchmarks use it at the same time.
 */
export async function cutSubscriptions(node: TestServer): Promise<void> {
  const redis = node.ctx.cluster.redis;
  if (!redis) throw new Error("cluster mode expected");
  const list = String(await redis.call("CLIENT", "LIST", "TYPE", "pubsub"));
  const ids = [...list.matchAll(/id=(\d+) .*?name=(\S*)/g)].filter(([, , name]) => name.startsWith(`parley-${node.ctx.cluster.instance}-`)).map(([, id]) => id);
  if (ids.length === 0) throw new Error("no subscriber of this node found");
  for (const id of ids) await redis.call("CLIENT", "KILL", "ID", id);
}
