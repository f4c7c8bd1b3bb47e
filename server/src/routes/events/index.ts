import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { serveEventStream } from "./stream.js";

/**
 * `GET /user/events`: the SSE stream (docs/API.md "Event stream"). Requests that reach the HTTP
 * server are served before Fastify by `serveEventStream` (see there why); this route serves the
 * same for `inject` and lists the path with the others.
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/user/events", async (req, reply) => {
    reply.hijack();
    await serveEventStream(ctx, req.raw, reply.raw, req.log);
  });
}
