import { describe, expect, it, vi } from "vitest";
import { Registry } from "prom-client";
import { messageApi } from "../test/api.js";
import { buildChatSetup, buildMessage, type ChatSetup } from "../test/factories.js";
import { dialects, startTestServer, type TestServer } from "../test/harness.js";
import { useSuite } from "../test/suite.js";
import { SEND_ROUTES } from "./index.js";

/** `GET /metrics` as the given client address (`inject`'s default is 127.0.0.1). */
const scrape = (s: TestServer, remoteAddress?: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: "GET", url: "/metrics", headers, ...(remoteAddress ? { remoteAddress } : {}) });

/** The value of the first sample of `name` whose labels include `labels`, from Prometheus text. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function metricsOf(s: TestServer): Promise<string> {
  const res = await scrape(s);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe.each(dialects())("GET /metrics (%s)", (dialect) => {
  const suite = useSuite<ChatSetup>(dialect, { per: "file", seed: buildChatSetup });

  it("serves Prometheus text to loopback, every series labelled with the node", async () => {
    const res = await scrape(suite.s);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    expect(res.body).toContain("# TYPE parley_sse_streams_open gauge");
    expect(res.body).toContain("# TYPE parley_http_request_duration_seconds histogram");
    expect(res.body).toContain("# TYPE parley_message_send_duration_seconds histogram");
    // The process's own metrics, with the node label too.
    expect(sample(res.body, "process_cpu_user_seconds_total", { node: "node" })).toBeGreaterThan(0);
    expect(sample(res.body, "nodejs_heap_size_used_bytes", { node: "node" })).toBeGreaterThan(0);
    for (const line of res.body.split("\n").filter((l) => l && !l.startsWith("#"))) expect(line).toContain('node="node"');
    // Over a real socket from loopback as well.
    await suite.s.listen();
    const real = await fetch(new URL("/metrics", suite.s.url));
    expect(real.status).toBe(200);
    expect(await real.text()).toContain("parley_sse_streams_open");
  });

  it("counts the open event streams", async () => {
    const before = sample(await metricsOf(suite.s), "parley_sse_streams_open");
    expect(before).toBe(0);
    const [bob] = await suite.connect(suite.seed.bob);
    expect(sample(await metricsOf(suite.s), "parley_sse_streams_open")).toBe(1);
    await suite.connect(suite.seed.carol);
    expect(sample(await metricsOf(suite.s), "parley_sse_streams_open")).toBe(2);
    bob.close();
    await vi.waitFor(async () => expect(sample(await metricsOf(suite.s), "parley_sse_streams_open")).toBe(1));
  });

  it("counts the members online", async () => {
    // The streams of the test before close as this one starts.
    await vi.waitFor(async () => expect(sample(await metricsOf(suite.s), "parley_users_online")).toBe(0));
    const [bob] = await suite.connect(suite.seed.bob);
    expect(sample(await metricsOf(suite.s), "parley_users_online")).toBe(1);
    bob.close();
    await vi.waitFor(async () => expect(sample(await metricsOf(suite.s), "parley_users_online")).toBe(0));
  });

  it("times each send in the send histogram, by route pattern and status class", async () => {
    const { bob, carol, general, team } = suite.seed;
    const count = async (route: string, status = "2xx") =>
      sample(await metricsOf(suite.s), "parley_message_send_duration_seconds_count", { route, status }) ?? 0;
    const group = await count("/api/group/:gid/send");
    const mid = await buildMessage(suite.s, bob, { gid: general }, "hello");
    expect(await count("/api/group/:gid/send")).toBe(group + 1);

    const dm = await count("/api/user/:uid/send");
    await buildMessage(suite.s, bob, { uid: carol.uid }, "hi Carol");
    expect(await count("/api/user/:uid/send")).toBe(dm + 1);

    const reply = await count("/api/message/:mid/reply");
    expect((await messageApi(suite.s).reply(carol, mid, "hello Bob")).statusCode).toBe(200);
    expect(await count("/api/message/:mid/reply")).toBe(reply + 1);

    // A refused send is timed under its status class: Otto is not in the private channel.
    const refused = await count("/api/group/:gid/send", "4xx");
    const denied = await messageApi(suite.s).send(suite.seed.otto, `group/${team}/send`, "let me in");
    expect(Math.floor(denied.statusCode / 100)).toBe(4);
    expect(await count("/api/group/:gid/send", "4xx")).toBe(refused + 1);

    const text = await metricsOf(suite.s);
    // The general request histogram has them too, labelled by pattern, never by the URL.
    expect(sample(text, "parley_http_request_duration_seconds_count", { method: "POST", route: "/api/group/:gid/send", status: "2xx" })).toBeGreaterThan(0);
    expect(text).not.toContain(`/api/group/${general}/send`);
    expect(sample(text, "parley_message_send_duration_seconds_bucket", { route: "/api/group/:gid/send", status: "2xx", le: "+Inf" })).toBe(group + 1);
  });

  it("counts the events the bus delivered, by type", async () => {
    const { bob, general } = suite.seed;
    const chats = sample(await metricsOf(suite.s), "parley_events_published_total", { type: "chat" }) ?? 0;
    await buildMessage(suite.s, bob, { gid: general }, "one");
    await buildMessage(suite.s, bob, { gid: general }, "two");
    expect(sample(await metricsOf(suite.s), "parley_events_published_total", { type: "chat" })).toBe(chats + 2);
  });

  it("labels requests no route matched as none, and the health check by its path", async () => {
    await suite.s.app.inject({ method: "GET", url: "/no/such/page/7" });
    await suite.s.app.inject({ method: "GET", url: "/health" });
    const text = await metricsOf(suite.s);
    expect(sample(text, "parley_http_request_duration_seconds_count", { method: "GET", route: "none", status: "4xx" })).toBeGreaterThan(0);
    expect(sample(text, "parley_http_request_duration_seconds_count", { method: "GET", route: "/health", status: "2xx" })).toBeGreaterThan(0);
    expect(text).not.toContain("/no/such/page");
  });

  it("reports the PostgreSQL pool, and nothing of a pool on SQLite", async () => {
    const text = await metricsOf(suite.s);
    if (dialect === "postgres") {
      expect(sample(text, "parley_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
      expect(sample(text, "parley_db_pool_connections", { state: "busy" })).toBeGreaterThanOrEqual(0);
      expect(sample(text, "parley_db_pool_waiting")).toBe(0);
    } else {
      expect(text).not.toContain("parley_db_pool");
    }
    // No Redis configured: no Redis series.
    expect(text).not.toContain("parley_redis_");
  });

  it("names only routes that exist as send routes", () => {
    const posts = new Set(suite.s.app.routeTable.filter((r) => r.method === "POST").map((r) => r.url));
    for (const route of SEND_ROUTES) expect(posts, route).toContain(route);
  });
});

describe("GET /metrics from addresses outside METRICS_ALLOW", () => {
  const suite = useSuite("sqlite", { per: "file", config: { metricsAllow: ["10.0.0.0/8", "2001:db8::/32"] } });

  it("answers 404, as an unknown path, to an address not in the list", async () => {
    for (const address of ["127.0.0.1", "::1", "192.0.2.1", "11.0.0.1", "2001:db9::1"]) {
      const res = await scrape(suite.s, address);
      expect(res.statusCode, address).toBe(404);
      expect(res.body).toBe("Not Found");
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
  });

  it("answers the listed ranges, IPv4-mapped addresses included", async () => {
    for (const address of ["10.1.2.3", "::ffff:10.1.2.3", "2001:db8::7"]) {
      const res = await scrape(suite.s, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain("parley_sse_streams_open");
    }
  });

  it("answers 404 when a forwarding header names an address outside the list", async () => {
    expect((await scrape(suite.s, "10.0.0.2", { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(404);
    expect((await scrape(suite.s, "10.0.0.2", { forwarded: "for=203.0.113.9" })).statusCode).toBe(404);
    expect((await scrape(suite.s, "10.0.0.2", { "x-forwarded-for": "10.0.0.3" })).statusCode).toBe(200);
  });
});

describe("GET /metrics with the default list", () => {
  const suite = useSuite("sqlite", { per: "file" });

  it("answers loopback only, even through a proxy on loopback", async () => {
    expect((await scrape(suite.s, "127.0.0.1")).statusCode).toBe(200);
    expect((await scrape(suite.s, "::ffff:127.0.0.1")).statusCode).toBe(200);
    expect((await scrape(suite.s, "::1")).statusCode).toBe(200);
    expect((await scrape(suite.s, "192.0.2.1")).statusCode).toBe(404);
    expect((await scrape(suite.s, "127.0.0.1", { "x-forwarded-for": "192.0.2.1" })).statusCode).toBe(404);
  });

  it("keeps each server's metrics apart (one registry per app)", async () => {
    const other = await startTestServer("sqlite", { nodeId: "other-node" });
    try {
      await buildChatSetup(other).then((cast) => buildMessage(other, cast.bob, { gid: cast.general }, "elsewhere"));
      const mine = await metricsOf(suite.s);
      const theirs = await metricsOf(other);
      expect(sample(theirs, "parley_message_send_duration_seconds_count", { route: "/api/group/:gid/send", node: "other-node" })).toBe(1);
      expect(sample(mine, "parley_message_send_duration_seconds_count", { route: "/api/group/:gid/send" })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe("GET /metrics with Redis (REDIS_URL)", () => {
  const suite = useSuite("sqlite", { config: { redisUrl: "redis://127.0.0.1:6379" } });

  it("reports the Redis connection and its command queues", async () => {
    await vi.waitFor(() => expect(suite.s.ctx.cluster.redis?.status).toBe("ready"));
    const text = await metricsOf(suite.s);
    expect(sample(text, "parley_redis_connected")).toBe(1);
    expect(sample(text, "parley_redis_queued_commands", { queue: "offline" })).toBe(0);
    expect(sample(text, "parley_redis_queued_commands", { queue: "sent" })).toBeGreaterThanOrEqual(0);
  });
});
