import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.js";
import { sendHeadWithFirstWrite } from "../../events/sink.js";
import { HttpError } from "../../http/errors.js";
import { admitEventStream, replayThenLive } from "./admit.js";

export const EVENTS_PATH = "/api/user/events";

/** Whether a raw request is a `GET /api/user/events` (any query). */
export function isEventStreamRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  return req.method === "GET" && url.startsWith(EVENTS_PATH) && (url.length === EVENTS_PATH.length || url[EVENTS_PATH.length] === "?");
}

/**
 * `GET /user/events`, the SSE stream (docs/API.md "Event stream"), served on the raw Node request.
 *
 * WHY NOT A FASTIFY ROUTE. A stream lives for hours, and whatever the request created lives as
 * long: Fastify's request and reply objects, their hooks' closures and a pino child logger
 * with a bound method per level, about 3 KB a connection, a third of the memory budget of an
 * idle stream. So `buildApp` hands these requests to this function before Fastify sees them
 * (its `serverFactory`), and the Fastify route of the same path calls it too (`inject`,
 * route listings). What Fastify would have done for it is done here: CORS (as `installCors`),
 * query validation, and errors as plain-text 4xx (as `installErrorHandler`).
 */
export async function serveEventStream(ctx: AppContext, req: IncomingMessage, res: ServerResponse, log: FastifyBaseLogger): Promise<void> {
  const origin = req.headers.origin;
  const cors = origin ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};
  try {
    const { claims, query } = await admitEventStream(ctx, req, EVENTS_PATH);

    res.writeHead(200, {
      ...cors,
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    // The headers leave with the connect sequence, in one write (events/sink.ts).
    sendHeadWithFirstWrite(res);
    req.socket.setNoDelay(true);

    // Subscribe before reading the backlog; live events wait in the connection until it is
    // written, and chat events already replayed are dropped there (de-duplication by mid).
    const conn = ctx.hub.register(claims.uid, claims.device, claims.is_guest, res);
    await replayThenLive(ctx, claims, query, conn, (err) => log.error({ err }, "event stream connect failed"));
  } catch (err) {
    if (res.headersSent) return;
    const status = err instanceof HttpError ? err.status : 500;
    if (status === 500) log.error({ err }, "event stream failed");
    res.writeHead(status, { ...cors, "Content-Type": "text/plain; charset=utf-8" });
    res.end(err instanceof HttpError ? err.message : "Server Error");
  }
}
