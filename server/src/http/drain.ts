import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
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
export function drainRefusedBody(
  req: IncomingMessage,
  maxBytes = DRAIN_MAX_BYTES,
  maxMs = DRAIN_MAX_MS,
  onDone: () => void = () => {},
): void {
  if (req.complete || req.readableEnded || req.destroyed) return onDone();
  // A parser (the multipart reader) may still be attached; the rest is nobody's now.
  req.unpipe();
  let seen = 0;
  const cut = () => req.socket?.destroy();
  const timer = setTimeout(cut, maxMs);
  timer.unref();
  let finished = false;
  const done = () => {
    clearTimeout(timer);
    if (finished) return;
    finished = true;
    onDone();
  };
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

type ClosingSocket = Omit<Socket, "destroySoon"> & { destroySoon?: () => void };

/**
 * A connection that must close after its answer (the client sent `Connection: close`) is
 * closed by Node with `socket.destroySoon()` the moment the answer is written. With the
 * client's body still arriving, that close discards unread bytes, the kernel answers them with
 * a reset, and a client still writing may lose the answer it had not read yet. This holds the
 * close back: the answer goes out and the write side is ended (the client sees the end of the
 * answer), while the read side drains; the returned release closes the socket once the drain
 * is over. On a kept-alive connection nothing is held and the release only undoes the hold.
 */
function holdCloseUntilDrained(socket: ClosingSocket): () => void {
  const original = socket.destroySoon;
  let closeWanted = false;
  socket.destroySoon = () => {
    closeWanted = true;
    if (socket.writable) socket.end();
  };
  return () => {
    if (original) socket.destroySoon = original;
    else delete socket.destroySoon;
    if (closeWanted && !socket.destroyed) socket.destroy();
  };
}

const heldCloses = new WeakMap<IncomingMessage, () => void>();

/**
 * Answers sent before the request body was read to its end are followed by a bounded drain.
 * Fastify marks a refused body's answer `Connection: close`; Node then destroys the socket as
 * soon as the answer is written, with the client's bytes still unread, and the client sees a
 * reset instead of the status. The drain reads to the end of the body, so the connection can be
 * kept: the header is dropped, and a drain cut by its bounds closes the connection anyway. When
 * the client itself asked for `Connection: close`, the close is held until the drain is over.
 */
export function installRefusalDrain(app: FastifyInstance): void {
  // Callback hooks, not async ones: they run on every request (message sends included), and an
  // async hook costs a promise per request for what is almost always a no-op.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!req.raw.complete && !req.raw.readableEnded && !req.raw.destroyed) {
      if (reply.getHeader("connection") === "close") reply.removeHeader("connection");
      if (req.raw.socket && !heldCloses.has(req.raw)) heldCloses.set(req.raw, holdCloseUntilDrained(req.raw.socket));
    }
    done(null, payload);
  });
  app.addHook("onResponse", (req, _reply, done) => {
    const release = heldCloses.get(req.raw);
    heldCloses.delete(req.raw);
    drainRefusedBody(req.raw, DRAIN_MAX_BYTES, DRAIN_MAX_MS, release);
    done();
  });
}
