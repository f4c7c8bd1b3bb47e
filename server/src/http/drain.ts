import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** How much of a refused body is read and dropped, and for how long, before the connection is cut. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

/**
 * After an answer that came before the request body was read to its end (a refused upload, a
 * 413 past a limit), reads the rest of the body and drops it. Closing instead would reset a
 * connection the client is still writing to, and most HTTP clients then report a broken pipe
 * rather than the status they were sent; leaving it unread would stall the next request on a
 * kept-alive connection behind it. A client that sends more than `maxBytes` or takes longer
 * than `maxMs` has its connection closed: the drain costs a bounded amount.
 */
export function drainRefusedBody(req: IncomingMessage, maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS): void {
  if (req.complete || req.readableEnded || req.destroyed) return;
  // A parser (the multipart reader) may still be attached; the rest is nobody's now.
  req.unpipe();
  let seen = 0;
  const cut = () => req.socket?.destroy();
  const timer = setTimeout(cut, maxMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) {
      done();
      cut();
    }
  });
  req.once("end", done);
  req.once("close", done);
  req.resume();
}

/**
 * Answers sent before the request body was read to its end are followed by a bounded drain.
 * Fastify marks a refused body's answer `Connection: close`; Node then destroys the socket as
 * soon as the answer is written, with the client's bytes still unread, and the client sees a
 * reset instead of the status. The drain reads to the end of the body, so the connection can be
 * kept: the header is dropped, and a drain cut by its bounds closes the connection anyway.
 */
export function installRefusalDrain(app: FastifyInstance): void {
  // Callback hooks, not async ones: they run on every request (message sends included), and an
  // async hook costs a promise per request for what is almost always a no-op.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!req.raw.complete && !req.raw.readableEnded && reply.getHeader("connection") === "close") reply.removeHeader("connection");
    done(null, payload);
  });
  app.addHook("onResponse", (req, _reply, done) => {
    drainRefusedBody(req.raw);
    done();
  });
}
