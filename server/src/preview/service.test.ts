import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_OPEN_GRAPH, type OpenGraphObject } from "@parley/protocol";
import { call } from "../test/api.js";
import { ADMIN, buildAdmin } from "../test/factories.js";
import { dialects, login, startTestServer, type Session, type TestServer } from "../test/harness.js";

/** The Redis of the cluster tests (docs/CLUSTER.md); this machine runs one on the default port. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const ready = (redis: Redis) => (redis.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => redis.once("ready", () => resolve())));

describe.each(dialects())("link previews of a two-node cluster (%s)", (dialect) => {
  let site: http.Server;
  let port: number;
  const hits: string[] = [];
  let first: TestServer;
  let second: TestServer;
  let onFirst: Session;
  let onSecond: Session;

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url === "/og") res.writeHead(200, { "content-type": "text/html" }).end(`<meta property="og:title" content="Shared page">`);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    port = (site.address() as AddressInfo).port;
    // Loopback pages are previewed only with PREVIEW_ALLOW_PRIVATE.
    const config = { redisUrl: REDIS_URL, previewAllowPrivate: true };
    first = await startTestServer(dialect, { ...config, nodeId: "node-1" });
    second = await startTestServer(dialect, { ...config, nodeId: "node-2", dataDir: first.ctx.config.dataDir, databaseSchema: first.ctx.config.databaseSchema });
    await Promise.all([first, second].map((s) => ready(s.ctx.cluster.redis!)));
    onFirst = await buildAdmin(first);
    onSecond = await login(second, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    const redis = first.ctx.cluster.redis!;
    const keys = await redis.keys(first.ctx.cluster.key("*"));
    if (keys.length > 0) await redis.del(...keys);
    await second?.close();
    await first?.close();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  const preview = async (s: TestServer, who: Session, url: string) => {
    const res = await call(s, "GET", `/resource/open_graphic_parse?url=${encodeURIComponent(url)}`, who);
    expect(res.statusCode).toBe(200);
    return { body: res.json() as OpenGraphObject, cacheControl: res.headers["cache-control"] };
  };

  it("a page fetched by one node is answered by the other from Redis, for 24 hours", async () => {
    const url = `http://127.0.0.1:${port}/og`;
    const fromFirst = await preview(first, onFirst, url);
    expect(fromFirst.body.title).toBe("Shared page");
    const fromSecond = await preview(second, onSecond, url);
    expect(fromSecond).toEqual(fromFirst);
    expect(fromSecond.cacheControl).toBe("public, max-age=86400");
    expect(hits).toEqual(["/og"]);

    const redis = first.ctx.cluster.redis!;
    const keys = await redis.keys(first.ctx.cluster.key("preview:*"));
    expect(keys).toHaveLength(1);
    const ttl = await redis.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(86_400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000);
  });

  it("a failure is shared too, for 5 minutes, and still answered as a failure", async () => {
    const url = `http://127.0.0.1:${port}/missing`;
    const before = hits.length;
    expect((await preview(second, onSecond, url)).body).toEqual(EMPTY_OPEN_GRAPH);
    const fromFirst = await preview(first, onFirst, url);
    expect(fromFirst.body).toEqual(EMPTY_OPEN_GRAPH);
    expect(fromFirst.cacheControl).toBe("public, max-age=300");
    expect(hits.slice(before)).toEqual(["/missing"]);

    const redis = first.ctx.cluster.redis!;
    const keys = await redis.keys(first.ctx.cluster.key("preview:*"));
    const ttls = await Promise.all(keys.map((k) => redis.pttl(k)));
    expect(ttls.filter((t) => t <= 300_000 && t > 240_000)).toHaveLength(1);
  });
});
