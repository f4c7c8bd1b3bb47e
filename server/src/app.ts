import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type * as z from "zod";
import { createGuards, type Guards } from "./auth/guard.js";
import { TokenService } from "./auth/tokens.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { openDatabase } from "./db/index.js";
import type { EventBus } from "./events/bus.js";
import { ConnectionHub } from "./events/hub.js";
import { sweepExpiredMessages } from "./commands/messages.js";
import { CALL_SWEEP_INTERVAL_MS, sweepCalls } from "./commands/calls.js";
import { recordAudit } from "./commands/audit.js";
import { installErrorHandler } from "./http/errors.js";
import { installRefusalDrain } from "./http/drain.js";
import { installNulGuard } from "./http/nul.js";
import { installHealth } from "./http/health.js";
import { installMetrics } from "./metrics/index.js";
import { validatorCompiler, type RawBody } from "./http/validate.js";
import { ConfigRepo, loadServerKeys } from "./repos/config.js";
import { GroupsRepo } from "./repos/groups.js";
import { MessagesRepo } from "./repos/messages.js";
import { loadSystemCommon } from "./repos/settings.js";
import { UsersRepo } from "./repos/users.js";
import { UserSettingsRepo } from "./repos/userSettings.js";
import { FavoritesRepo } from "./repos/favorites.js";
import { FilesRepo } from "./repos/files.js";
import { FILE_SWEEP_INTERVAL_MS, sweepFiles } from "./commands/files.js";
import { PeriodicJob, startJobs, stopJobs } from "./jobs/periodic.js";
import { LinkPreviewService } from "./preview/service.js";
import { createStore } from "./storage/index.js";
import { createClusterContext } from "./cluster/redis.js";
import { startClusterServices } from "./cluster/services.js";
import { GUEST_SWEEP_INTERVAL_MS, sweepGuests } from "./commands/guests.js";
import { VISITOR_SWEEP_INTERVAL_MS, sweepVisitors } from "./commands/widgetSweep.js";
import { RateLimiter } from "./http/rateLimit.js";
import { Mailer } from "./mail/transport.js";
import { avatarRoutes } from "./routes/avatar/index.js";
import { botRoutes } from "./routes/bot/index.js";
import { resourceRoutes } from "./routes/resource/index.js";
import { adminAuditRoutes } from "./routes/admin-audit/index.js";
import { adminBotChatRoutes } from "./routes/admin-bot-chat/index.js";
import { adminBotWebhookRoutes } from "./routes/admin-bot-webhook/index.js";
import { adminUserRoutes } from "./routes/admin-user/index.js";
import { archiveRoutes } from "./routes/archive/index.js";
import { eventRoutes } from "./routes/events/index.js";
import { isEventStreamRequest, serveEventStream } from "./routes/events/stream.js";
import { isEventSocketRequest, refuseWithoutUpgrade, serveEventSocket } from "./routes/events/ws.js";
import { tunnelRoutes } from "./routes/tunnel/index.js";
import { favoriteRoutes } from "./routes/favorite/index.js";
import { groupRoutes } from "./routes/group/index.js";
import { licenseRoutes } from "./routes/license/index.js";
import { agoraRoutes } from "./routes/agora/index.js";
import { callRoutes } from "./routes/calls/index.js";
import { messageRoutes } from "./routes/message/index.js";
import { systemRoutes } from "./routes/system/index.js";
import { tokenRoutes } from "./routes/token/index.js";
import { userRoutes } from "./routes/user/index.js";
import { notificationRoutes } from "./routes/notification/index.js";
import { pageRoutes } from "./routes/page/index.js";
import { widgetRoutes } from "./routes/widget/index.js";
import { installWidgetCors } from "./widget/cors.js";
import { installWidgetScript } from "./widget/script.js";
import { widgetStreams } from "./widget/stream.js";
import { docsRoutes } from "./openapi/routes.js";
import { WebhookBots } from "./webhooks/bots.js";
import { DEFAULT_POLL_MS, deliverDueWebhooks } from "./webhooks/worker.js";
import { DEFAULT_NOTIFY_POLL_MS, runNotifications } from "./notify/worker.js";
import { pushRoutes } from "./routes/push/index.js";

/** Raw-body content types of the send routes (docs/API.md "Sending"), read as text. */
const TEXT_BODY_TYPES = ["text/markdown", "vocechat/file", "vocechat/archive", "vocechat/audio"];

/** Content-Security-Policy for the web client: everything from this origin, nothing from outside. */
const CSP =
  "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; " +
  "script-src 'self'; connect-src 'self'; font-src 'self' data:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'";

/** Which of the guards a route's hooks are (the OpenAPI document's security reads it). */
function guardOf(guards: Guards, hooks: unknown[]): keyof Guards | undefined {
  return (Object.keys(guards) as (keyof Guards)[]).find((name) => hooks.includes(guards[name]));
}

/** The zod schemas a route declares (`schema: { params, querystring, body }`). */
export interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** What the route takes: its declared schemas, and a body it reads itself. */
  schema: RouteSchema;
  rawBody?: RawBody;
  stream?: boolean;
  /** The guard the route runs (`onRequest` or `preValidation`); none for a public route. */
  auth?: keyof Guards;
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export async function createContext(config: Config, bus?: EventBus): Promise<AppContext> {
  // First the files' home (DATA_DIR also holds the SQLite database): a wrong setting stops
  // start-up with one line naming it (`StorageUnavailable`), not a stack trace.
  const storage = createStore(config);
  await storage.verify();
  const { db, dialect } = await openDatabase(config);
  const configRepo = new ConfigRepo(db);
  const cluster = await createClusterContext(config.nodeId ?? "node", config.redisUrl ?? null, clusterNamespace(config));
  const services = await startClusterServices(cluster, bus);
  const hub = new ConnectionHub(services.bus, services.presence, (await loadSystemCommon(configRepo)).show_user_online_status, cluster.instance);
  // Events this node missed while Redis was away: its streams reconnect and catch up.
  services.onEventsMissed(() => hub.reconnectAll());
  const keys = await loadServerKeys(configRepo);
  return {
    config,
    cluster,
    db,
    dialect,
    bus: services.bus,
    presence: services.presence,
    hub,
    tokens: new TokenService(keys.server_key, config.accessTokenTtlS, config.refreshTokenTtlS),
    keys,
    storage,
    files: { preview: new LinkPreviewService({ allowPrivate: config.previewAllowPrivate, shared: cluster }) },
    webhooks: { bots: new WebhookBots(db, services.bus) },
    jobs: {
      messageExpiry: new PeriodicJob("message expiry sweep", config.messageSweepMs ?? 2_000, sweepExpiredMessages),
      fileSweep: new PeriodicJob("file sweep", FILE_SWEEP_INTERVAL_MS, (ctx) => sweepFiles(ctx)),
      guestSweep: new PeriodicJob("guest sweep", config.guestSweepMs ?? GUEST_SWEEP_INTERVAL_MS, sweepGuests),
      visitorSweep: new PeriodicJob("visitor sweep", config.visitorSweepMs ?? VISITOR_SWEEP_INTERVAL_MS, (ctx) => sweepVisitors(ctx)),
      webhooks: new PeriodicJob("webhook delivery", config.webhookPollMs ?? DEFAULT_POLL_MS, deliverDueWebhooks),
      notify: new PeriodicJob("notifications", config.notifyPollMs ?? DEFAULT_NOTIFY_POLL_MS, runNotifications),
      calls: new PeriodicJob("call sweep", config.callSweepMs ?? CALL_SWEEP_INTERVAL_MS, (ctx) => sweepCalls(ctx)),
    },
    identity: { limiter: new RateLimiter(config.rateLimits, cluster), mailer: new Mailer(config.smtpTimeoutMs) },
    repos: {
      config: configRepo,
      users: new UsersRepo(db),
      userSettings: new UserSettingsRepo(db),
      groups: new GroupsRepo(db),
      messages: new MessagesRepo(db),
      files: new FilesRepo(db),
      favorites: new FavoritesRepo(db),
    },
  };
}

/**
 * The nodes of one cluster share a database: its PostgreSQL schema (or, on SQLite, its data
 * directory) names their Redis keys, so separate clusters or test runs can share one Redis.
 */
function clusterNamespace(config: Config): string {
  return config.databaseSchema ?? `sqlite-${createHash("sha256").update(config.dataDir).digest("hex").slice(0, 12)}`;
}

/** How long an idle keep-alive connection is kept open (Fastify's default). */
export const SERVER_KEEP_ALIVE_MS = 72_000;

/**
 * Connections the kernel completes and queues while the server has not accepted them yet.
 * After a restart or a network blip every client reconnects at once; with Node's 511 the kernel
 * drops the handshakes over it, and those clients wait 1, 3, then 7 s for their retransmissions
 * (a 5,000-client storm took 16 s instead of 8: docs/PERFORMANCE.md). The kernel caps it at
 * `net.core.somaxconn` (4096 by default since Linux 5.4).
 */
export const LISTEN_BACKLOG = 4096;

/** Starts accepting connections on `host:port` (main.ts; the test harness). */
export async function listen(app: FastifyInstance, { port, host }: { port: number; host: string }): Promise<void> {
  await app.listen({ port, host, backlog: LISTEN_BACKLOG });
}

/** Builds the HTTP server: `/api` routes, `/health`, and the web client with its SPA fallback. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: { level: ctx.config.logLevel },
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: ctx.config.trustProxy,
    // Event streams are served before Fastify sees them (routes/events/stream.ts says why).
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        // A widget visitor's token is refused by both event streams (routes/events/admit.ts).
        if (isEventStreamRequest(req)) void serveEventStream(ctx, req, res, app.log);
        else if (isEventSocketRequest(req)) refuseWithoutUpgrade(res);
        else handler(req, res);
      });
      // `GET /api/user/events_ws`, the WebSocket event stream; no other path upgrades.
      server.on("upgrade", (req, socket, head) => {
        if (isEventSocketRequest(req)) void serveEventSocket(ctx, req, socket, head, app.log);
        else socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
      });
      // What Fastify sets on a server it creates itself (it does not touch a factory's): an idle
      // keep-alive socket stays open 72 s, not Node's 5 s, so a client that pauses between
      // requests does not write its next one into a socket the server is closing.
      server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
  });
  installErrorHandler(app);
  installNulGuard(app);
  // An answer sent before the body was read to its end: read and drop the rest (bounded).
  installRefusalDrain(app);
  app.decorateRequest("claims", null);
  const guards = createGuards(ctx);
  // Every registered route, for the generic robustness suite, route listings and the OpenAPI document.
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const schema = (route.schema ?? {}) as RouteSchema;
    const auth = guardOf(guards, [route.onRequest ?? [], route.preValidation ?? []].flat());
    const input = { schema: { params: schema.params, querystring: schema.querystring, body: schema.body }, rawBody: route.config?.rawBody, stream: route.config?.stream, auth };
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, ...input });
  });
  // Routes declare zod schemas (`schema: { params, querystring, body }`), checked before the
  // handler runs and after the `preValidation` auth guards (http/validate.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.addContentTypeParser(TEXT_BODY_TYPES, { parseAs: "string" }, (_req, body, done) => done(null, body));
  // Burn after reading, expired files, old guests: swept in the background (`ctx.jobs`), and
  // stopped before the database closes.
  startJobs(ctx, (job, err) => app.log.error({ err }, `${job.name} failed`));
  app.addHook("preClose", async () => {
    await stopJobs(ctx);
  });
  ctx.identity.mailer.onError = (err) => app.log.warn({ err }, "sending mail failed");
  ctx.cluster.onError = (err, what) => app.log.warn({ err }, `cluster: ${what}`);
  // A client address or e-mail over a sign-in limit is a security event: one entry per window.
  ctx.identity.limiter.onLimitReached = ({ name, by, ip, email }) => {
    recordAudit(ctx.db, { uid: null, ip }, { action: "auth.rate_limited", detail: { limit: name, by, ...(by === "email" ? { email } : {}) } }).catch((err) =>
      app.log.error({ err }, "audit log write failed"),
    );
  };
  // Streams are closed before the server stops listening, or `close()` would wait on them.
  app.addHook("preClose", async () => {
    ctx.hub.close();
    widgetStreams(ctx).close();
  });
  app.addHook("onClose", async () => {
    await ctx.bus.close();
    await ctx.presence.close();
    await ctx.cluster.close();
    await ctx.db.destroy();
  });
  installWidgetCors(app, ctx);

  // The load balancer's health check and the Prometheus metrics (docs/OPERATIONS.md "Monitoring"),
  // before the routes so the metrics' timing hook covers every one.
  installHealth(app, ctx);
  installMetrics(app, ctx);

  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      systemRoutes(api, ctx, guards);
      tokenRoutes(api, ctx, guards);
      userRoutes(api, ctx, guards);
      adminUserRoutes(api, ctx, guards);
      adminAuditRoutes(api, ctx, guards);
      adminBotChatRoutes(api, ctx, guards);
      adminBotWebhookRoutes(api, ctx, guards);
      groupRoutes(api, ctx, guards);
      messageRoutes(api, ctx, guards);
      favoriteRoutes(api, ctx, guards);
      archiveRoutes(api, ctx, guards);
      resourceRoutes(api, ctx, guards);
      avatarRoutes(api, ctx, guards);
      botRoutes(api, ctx, guards);
      licenseRoutes(api, ctx, guards);
      agoraRoutes(api, ctx, guards);
      callRoutes(api, ctx, guards);
      notificationRoutes(api, ctx, guards);
      pushRoutes(api, ctx, guards);
      widgetRoutes(api, ctx, guards);
      pageRoutes(api, ctx, guards);
      tunnelRoutes(api, ctx, guards);
      eventRoutes(api, ctx);
      // The OpenAPI document of all of the above, and Swagger UI for it.
      docsRoutes(api, routeTable);
    },
    { prefix: "/api" },
  );

  const webDist = ctx.config.webDist;
  const serveClient = webDist !== null && fs.existsSync(path.join(webDist, "index.html"));
  if (serveClient) {
    // Loaded only to serve a client: an API-only server does not hold the static-file stack.
    const { default: fastifyStatic } = await import("@fastify/static");
    await app.register(fastifyStatic, {
      root: webDist as string,
      wildcard: false,
      // Cache-Control is set per file below (the plugin's own default would override it).
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        if (file.endsWith(".html")) {
          res.setHeader("Content-Security-Policy", CSP);
          res.setHeader("Cache-Control", "no-cache");
        } else if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });
  }
  installWidgetScript(app, serveClient ? webDist : null);
  // Client routes (e.g. /login, /chat/channel/1) get the app shell; API and asset misses are 404s.
  app.setNotFoundHandler((req, reply) => {
    if (serveClient && (req.method === "GET" || req.method === "HEAD") && !req.url.startsWith("/api/") && !path.extname(req.url.split("?")[0])) {
      reply.header("Content-Security-Policy", CSP);
      return reply.sendFile("index.html");
    }
    return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
  });
  return app;
}
