import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { DEFAULT_METRICS_ALLOW } from "../config.js";
import type { AppContext } from "../context.js";
import { poolStatsOf } from "../db/index.js";
import { allowsRequest, compileAllowList } from "./allow.js";

/**
 * Prometheus metrics of one app (docs/OPERATIONS.md "Monitoring" lists each one). Every app has
 * its own registry: tests run several servers in one process, and prom-client's global registry
 * would mix them (or refuse the second server's metrics of the same name).
 */

/** The message sends, whose latency has its own histogram (docs/API.md "Sending"). */
export const SEND_ROUTES: ReadonlySet<string> = new Set(["/api/group/:gid/send", "/api/user/:uid/send", "/api/message/:mid/reply"]);

/** Request durations, seconds: from a 1 ms cache hit to a 10 s upload chunk. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Send durations, seconds: a send is one group commit (a few ms); seconds mean a stalled database. */
const SEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Methods Node's parser accepts are a fixed list, but the label keeps to the usual ones. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC, handles), collected once per
 * process and added to every app's registry. `collectDefaultMetrics` starts an event-loop delay
 * monitor (a 10 ms libuv timer) and a GC observer that it never stops: one per app would pile up
 * in a test process that starts hundreds of servers, and they describe the process, not an app.
 */
let processRegistry: Registry | null = null;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The label of a response's status: `2xx`, `4xx`, … */
const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * The route label: the route's pattern, never the URL (`/api/group/:gid/send`, not `/api/group/7/send`),
 * so the series stay few. Static files of the web client are each their own route
 * (`@fastify/static` with `wildcard: false`) and share `static`; a request no route matched (a
 * 404, or the app shell for a client route) is `none`.
 */
function routeLabel(url: string | undefined): string {
  if (url === undefined) return "none";
  return url.startsWith("/api/") || url === "/health" || url === "/metrics" ? url : "static";
}

export interface AppMetrics {
  readonly registry: Registry;
  /** Records one answered request (`onResponse`). */
  observe(method: string, route: string | undefined, status: number, seconds: number): void;
  /** Stops counting events. */
  close(): void;
}

export function createMetrics(ctx: AppContext): AppMetrics {
  // The process metrics are shared (see `processMetrics`); every series carries this node's name.
  const registry = Registry.merge([processMetrics()]);
  registry.setDefaultLabels({ node: ctx.cluster.nodeId });
  const registers = [registry];

  new Gauge({
    name: "parley_sse_streams_open",
    help: "Event streams open on this node: SSE (GET /api/user/events) and WebSocket (/api/user/events_ws).",
    registers,
    collect() {
      this.set(ctx.hub.connectionCount());
    },
  });

  new Gauge({
    name: "parley_users_online",
    help: "Members (not guests) with an event stream on any node of the cluster (the same on every node).",
    registers,
    collect() {
      this.set(ctx.presence.onlineMembers().length);
    },
  });

  const events = new Counter({
    name: "parley_events_published_total",
    help: "Events the bus delivered to this node, by event type (in cluster mode every node receives every node's events).",
    labelNames: ["type"] as const,
    registers,
  });
  // Event types are the protocol's fixed union: a bounded label.
  const unsubscribe = ctx.bus.subscribe((d) => events.inc({ type: d.event.type }));

  const http = new Histogram({
    name: "parley_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status class (event streams are not included).",
    labelNames: ["method", "route", "status"] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const sends = new Histogram({
    name: "parley_message_send_duration_seconds",
    help: "Message sends (channel, direct and reply) from request to answer, by route and status class.",
    labelNames: ["route", "status"] as const,
    buckets: SEND_BUCKETS,
    registers,
  });

  const pool = poolStatsOf(ctx.db);
  if (pool) {
    new Gauge({
      name: "parley_db_pool_connections",
      help: "PostgreSQL pool connections by state (idle or busy).",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: "parley_db_pool_waiting",
      help: "Queries waiting for a PostgreSQL pool connection.",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const redis = ctx.cluster.redis;
  if (redis) {
    new Gauge({
      name: "parley_redis_connected",
      help: "1 when the Redis command connection is ready, else 0.",
      registers,
      collect() {
        this.set(redis.status === "ready" ? 1 : 0);
      },
    });
    new Gauge({
      name: "parley_redis_queued_commands",
      help: "Redis commands of the command connection: sent and awaiting a reply, or held offline until Redis is back.",
      labelNames: ["queue"] as const,
      registers,
      collect() {
        this.set({ queue: "sent" }, redis.commandQueue.length);
        // ioredis keeps commands issued while disconnected in `offlineQueue` (cluster/redis.ts:
        // they go out on reconnect). The field is not in its typings, so it is read defensively.
        const offline = (redis as unknown as { offlineQueue?: { length?: unknown } }).offlineQueue?.length;
        this.set({ queue: "offline" }, typeof offline === "number" ? offline : 0);
      },
    });
  }

  return {
    registry,
    observe(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : "OTHER", route: routeLabel(route), status: statusClass(status) };
      http.observe(labels, seconds);
      if (route !== undefined && method === "POST" && SEND_ROUTES.has(route)) sends.observe({ route, status: labels.status }, seconds);
    },
    close: unsubscribe,
  };
}

/**
 * Times every request Fastify answers and serves `GET /metrics` to the addresses of
 * `METRICS_ALLOW`. Others get the plain 404 of an unknown path, so the endpoint is not
 * advertised. Register it before the routes, so its hook covers them all.
 */
export function installMetrics(app: FastifyInstance, ctx: AppContext): AppMetrics {
  const allow = compileAllowList(ctx.config.metricsAllow ?? DEFAULT_METRICS_ALLOW);
  const metrics = createMetrics(ctx);
  // A callback hook, not an async one: it runs for every request, and a whole send costs about
  // 160 µs of server CPU (docs/PERFORMANCE.md), so no promise per request for a few counters.
  app.addHook("onResponse", (req, reply, done) => {
    metrics.observe(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook("onClose", async () => metrics.close());
  app.get("/metrics", async (req, reply) => {
    if (!allowsRequest(allow, req.socket.remoteAddress, req.headers)) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header("cache-control", "no-store").send(text);
  });
  return metrics;
}
