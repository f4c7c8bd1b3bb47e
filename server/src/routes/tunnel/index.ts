import type { Guards } from "../../auth/guard.js";
import type { AppContext } from "../../context.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";

/** Why there is no tunnel, in the words the VoceChat client shows on its Cloudflare Tunnel page. */
export const TUNNEL_NOT_AVAILABLE = "Cloudflare tunnels are not available on this server: publish it through a reverse proxy instead (see its deployment guide).";

/** What `status` and `auto_info` report: no tunnel, none starting. */
const IDLE = { status: "idle", url: null } as const;

/** The tunnel's progress stream (`data: <json>` frames, as VoceChat streams it), here its one and last event. */
const NOT_AVAILABLE_STREAM = `data: ${JSON.stringify({ event: "error", message: TUNNEL_NOT_AVAILABLE })}\n\n`;

/**
 * VoceChat's Cloudflare tunnel (`/admin/cloudflared/*`, docs/API.md "VoceChat compatibility"),
 * answered as not available. VoceChat can start `cloudflared` to publish a server without a
 * public address; Parley never runs outside programs and is published through a reverse proxy
 * (docs/DEPLOY.md). So the status is always idle, no tunnel is set up automatically, and a
 * start answers the client's progress stream with a single `error` event it shows on the page
 * (not a 404, which the client shows as "Request Not Found"). Nothing is stored or started.
 */
export function tunnelRoutes(app: ZodApp, _ctx: AppContext, guards: Guards): void {
  app.get("/admin/cloudflared/status", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, { ...IDLE, error: null }));

  app.post("/admin/cloudflared/start", { preValidation: guards.admin }, async (_req, reply) =>
    reply.type("text/event-stream").header("Cache-Control", "no-cache").send(NOT_AVAILABLE_STREAM),
  );

  app.post("/admin/cloudflared/stop", { preValidation: guards.admin }, async (_req, reply) => sendEmpty(reply));

  // Read by the onboarding before any account exists (the VoceChat client sends no key): public,
  // and it says only that no tunnel is set up.
  app.get("/admin/cloudflared/auto_info", async (_req, reply) => sendJson(reply, { auto_cftunnel: false, tunnel_status: IDLE }));

  app.get("/admin/cloudflared/auto_stream", async (_req, reply) =>
    reply.type("text/event-stream").header("Cache-Control", "no-cache").send(NOT_AVAILABLE_STREAM),
  );
}
