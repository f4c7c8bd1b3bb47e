import type { AppContext } from "../../context.js";
import type { ZodApp } from "../../http/validate.js";
import { eventsQuery } from "./schema.js";
import { serveEventStream } from "./stream.js";

/**
 * `GET /user/events`: the SSE stream (docs/API.md "Event stream"). Requests that reach the HTTP
 * server are served before Fastify by `serveEventStream` (see there why); this route serves the
 * same for `inject` and lists the path with the others, with the query schema `serveEventStream`
 * checks itself.
 */
export function eventRoutes(app: ZodApp, ctx: AppContext): void {
  app.get("/user/events", { schema: { querystring: eventsQuery }, config: { stream: true } }, async (req, reply) => {
    reply.hijack();
    await serveEventStream(ctx, req.raw, reply.raw, req.log);
  });
}
