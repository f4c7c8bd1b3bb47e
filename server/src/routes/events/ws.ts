import type { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { WebSocketServer, type WebSocket } from "ws";
import type { AppContext } from "../../context.js";
import { HttpError } from "../../http/errors.js";
import { admitEventStream, replayThenLive } from "./admit.js";

export const EVENTS_WS_PATH = "/api/user/events_ws";

/**
 * What a client may send on the event socket: nothing but control frames (ping, pong, close).
 * A text or binary message is ignored; one larger than this closes the socket (1009), so a
 * client cannot make the server buffer a large message.
 */
const MAX_CLIENT_MESSAGE = 4 * 1024;

/** Whether a raw request is a `GET /api/user/events_ws` (any query). */
export function isEventSocketRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  return url.startsWith(EVENTS_WS_PATH) && (url.length === EVENTS_WS_PATH.length || url[EVENTS_WS_PATH.length] === "?");
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error", 503: "Service Unavailable" };

/** A plain-text HTTP answer instead of the upgrade (the errors of `serveEventStream`), then the socket is closed. */
function refuse(socket: Duplex, status: number, text: string, origin: string | undefined): void {
  if (!socket.writable) return;
  const body = Buffer.from(text);
  const cors = origin ? `Access-Control-Allow-Origin: ${origin}\r\nVary: Origin\r\n` : "";
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Error"}\r\n${cors}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** The path asked without an upgrade (a browser tab, a proxy that drops `Upgrade`): 426, said in words. */
export function refuseWithoutUpgrade(res: ServerResponse): void {
  res.writeHead(426, { "Content-Type": "text/plain; charset=utf-8", Upgrade: "websocket", Connection: "Upgrade" });
  res.end("this is a WebSocket endpoint: connect with Upgrade: websocket");
}

/**
 * Shared listeners, not closures: a closure made here would hold this function's whole scope
 * (the request, the handshake's buffers) for as long as the stream lives.
 */
function destroyOnError(this: Duplex): void {
  this.destroy();
}

function terminateOnError(this: WebSocket): void {
  this.terminate();
}

/** Per server (tests run several in one process): the `ws` server that completes the handshakes. */
const servers = new WeakMap<AppContext, WebSocketServer>();

function wssOf(ctx: AppContext): WebSocketServer {
  let wss = servers.get(ctx);
  if (!wss) {
    // No server of its own (`noServer`), no set of clients (the hub has them), no compression
    // (a frame's payload is shared by every stream of a broadcast; deflate would copy it per
    // stream and keep a zlib context per socket, far past an idle stream's memory budget).
    wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: MAX_CLIENT_MESSAGE });
    servers.set(ctx, wss);
  }
  return wss;
}

/**
 * `GET /user/events_ws`: the event stream over a WebSocket (docs/API.md "WebSocket"), for the
 * VoceChat mobile apps. The same query, authentication, connect sequence, live events, kicks
 * and heartbeats as `GET /user/events` (stream.ts), through the same hub: only the sink differs
 * (events/sink.ts, one text frame per event). Served from the HTTP server's `upgrade` event,
 * before Fastify, like the SSE stream and for the same reason (an idle stream keeps nothing of
 * the request). Every refusal (401, 403, 400, 503) is an HTTP answer before the upgrade.
 */
export async function serveEventSocket(ctx: AppContext, req: IncomingMessage, socket: Duplex, head: Buffer, log: FastifyBaseLogger): Promise<void> {
  const origin = req.headers.origin;
  socket.on("error", destroyOnError);
  let admitted;
  try {
    if (req.method !== "GET" || (req.headers.upgrade ?? "").toLowerCase() !== "websocket") throw new HttpError(400, "expected a WebSocket upgrade");
    admitted = await admitEventStream(ctx, req, EVENTS_WS_PATH);
  } catch (err) {
    const status = err instanceof HttpError ? err.status : 500;
    if (status === 500) log.error({ err }, "event socket failed");
    refuse(socket, status, err instanceof HttpError ? err.message : "Server Error", origin);
    return;
  }
  const { claims, query } = admitted;
  wssOf(ctx).handleUpgrade(req, socket, head, (ws) => {
    ws.on("error", terminateOnError);
    if (socket instanceof Socket) socket.setNoDelay(true);
    // As the SSE stream: subscribe first, then the connect sequence; live events wait meanwhile.
    const conn = ctx.hub.register(claims.uid, claims.device, claims.is_guest, ws);
    void replayThenLive(ctx, claims, query, conn, (err) => log.error({ err }, "event socket connect failed"));
  });
}
