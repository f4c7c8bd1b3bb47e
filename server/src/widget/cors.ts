import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { allowedOrigins } from "./settings.js";

/**
 * The API routes a widget on another site calls (docs/API.md "Widget"): its own routes, the send
 * to its host, token renewal and the stylesheet. Cross-origin calls to anything else are not
 * answered with CORS headers, so a browser refuses them.
 */
const WIDGET_PATHS = [/^\/api\/widget\/(config|visitor|messages|events|email_login|email_login\/poll|login|oauth)$/, /^\/api\/user\/\d+\/send$/, /^\/api\/token\/renew$/, /^\/api\/resource\/widget-extra\.css$/];

export function isWidgetPath(path: string): boolean {
  return WIDGET_PATHS.some((re) => re.test(path));
}

/** This server's own origin as the browser names it (same-origin requests need no CORS). */
function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * CORS for the API: only pages of the origins the admin lists on the Widget page, and only on
 * the widget's routes. Sessions travel in `X-API-Key`, never in cookies, so credentials are
 * never allowed. A preflight from anywhere else is a 403 without CORS headers.
 */
export function installWidgetCors(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onRequest", async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !req.url.startsWith("/api/") || origin === ownOrigin(req)) return;
    const path = req.url.split("?")[0];
    const allowed = isWidgetPath(path) && (await allowedOrigins(ctx)).has(origin);
    reply.header("Vary", "Origin");
    if (!allowed) {
      if (req.method === "OPTIONS") return reply.code(403).type("text/plain; charset=utf-8").send("origin not allowed");
      return;
    }
    reply.header("Access-Control-Allow-Origin", origin);
    if (req.method === "OPTIONS") {
      reply
        .header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
        .header("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "content-type, x-api-key, x-properties")
        .header("Access-Control-Max-Age", "600");
      return reply.code(204).send();
    }
  });
}
