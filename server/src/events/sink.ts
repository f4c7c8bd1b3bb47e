import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Writable } from "node:stream";
import { WebSocket } from "ws";

/**
 * A part of a write: bytes (a broadcast's, encoded once for every stream), or text written by
 * one stream only (its connect sequence), which the socket encodes as it writes it: encoding it
 * into a Buffer first would allocate one per stream, garbage at once (docs/PERFORMANCE.md).
 */
export type Part = Buffer | string;

/** Where a stream's bytes go: the parts of one flush, and at the end the end of the response. */
export interface StreamSink {
  /** Bytes accepted but not yet sent (the slow-stream check). */
  readonly backlog: number;
  /** Whether the stream was ended (by the server or the client). */
  readonly ended: boolean;
  write(parts: readonly Part[]): void;
  end(parts: readonly Part[]): void;
}

/** What a stream is written to: an SSE response, or an upgraded WebSocket (`GET /user/events_ws`). */
export type StreamTarget = ServerResponse | WebSocket;

const CRLF = Buffer.from("\r\n");

/**
 * Each part framed as an HTTP/1.1 chunk (`<size>\r\n<bytes>\r\n`), once for every stream that
 * writes the same part: a broadcast's bytes are one Buffer (events/turn.ts), so they are framed
 * once too. Kept as long as the part itself is.
 */
const chunks = new WeakMap<Buffer, Buffer>();

function chunkOf(part: Part): Part {
  if (typeof part === "string") return `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`;
  let chunk = chunks.get(part);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, CRLF]);
    chunks.set(part, chunk);
  }
  return chunk;
}

/** The parts of one flush, each framed by `frame`; corked when more than one, so they leave in one `writev`. */
function writeCorked(out: Writable, parts: readonly Part[], frame: (part: Part) => Part): void {
  if (parts.length === 1) {
    out.write(frame(parts[0]));
    return;
  }
  out.cork();
  for (const part of parts) out.write(frame(part));
  out.uncork();
}

/**
 * FAN-OUT WRITES GO STRAIGHT TO THE SOCKET. `ServerResponse.write` frames every write as a
 * chunk of its own (three buffers in a `writev`), corks the socket and schedules the uncork for
 * each call: at 10,000 streams a message is 10,000 of those. A stream's response is chunked and
 * its headers are sent before the first frame, so the framed bytes can be written to the socket
 * directly, one ready Buffer shared by every stream and one `write` each; `res.end()` still
 * writes the final chunk and settles the response.
 */
class ChunkedSocketSink implements StreamSink {
  constructor(
    private readonly res: ServerResponse,
    private readonly socket: Socket,
    /** The headers are not on the wire yet (`sendHeadWithFirstWrite`): the first write goes through the response. */
    private headPending: boolean,
  ) {}

  get backlog(): number {
    return this.socket.writableLength;
  }

  get ended(): boolean {
    return this.res.writableEnded;
  }

  write(parts: readonly Part[]): void {
    if (this.headPending) {
      this.headPending = false;
      // The response frames each part as a chunk and sends them after the headers, in one `writev`.
      writeCorked(this.res, parts, (part) => part);
      return;
    }
    writeCorked(this.socket, parts, chunkOf);
  }

  end(parts: readonly Part[]): void {
    if (parts.length > 0) this.write(parts);
    this.res.end();
  }
}

/** Through the response (an HTTP/1.0 client, which gets no chunked encoding; test doubles). */
class ResponseSink implements StreamSink {
  constructor(private readonly res: ServerResponse) {}

  get backlog(): number {
    return this.res.writableLength;
  }

  get ended(): boolean {
    return this.res.writableEnded;
  }

  write(parts: readonly Part[]): void {
    writeCorked(this.res, parts, (part) => part);
  }

  end(parts: readonly Part[]): void {
    for (const part of parts.slice(0, -1)) this.res.write(part);
    if (parts.length > 0) this.res.end(parts[parts.length - 1]);
    else this.res.end();
  }
}

/** A keep-alive comment (`:`) of the SSE stream: a WebSocket sends a ping frame instead. */
const PING = null;

/**
 * The SSE frames of a part (`data: <json>\n\n`, or a `:` comment) as WebSocket text payloads:
 * the JSON of each event, a subarray of the part (no copy). Split once per part, like
 * `chunkOf`: a broadcast's part is one Buffer written to every stream.
 */
const payloads = new WeakMap<Buffer, (Buffer | typeof PING)[]>();
const DATA = Buffer.from("data: ");

function payloadsOf(part: Buffer): (Buffer | typeof PING)[] {
  let list = payloads.get(part);
  if (!list) {
    list = [];
    // JSON.stringify never writes a raw newline, so a blank line always ends a frame.
    for (let start = 0; start < part.length; ) {
      let end = part.indexOf("\n\n", start);
      if (end < 0) end = part.length;
      if (part[start] === 0x3a /* ':' */) list.push(PING);
      else if (part.subarray(start, start + DATA.length).equals(DATA)) list.push(part.subarray(start + DATA.length, end));
      start = end + 2;
    }
    payloads.set(part, list);
  }
  return list;
}

/**
 * How many keep-alive pings in a row a WebSocket peer may leave unanswered (about 45 s of an
 * idle stream: a ping every 5 s of silence, the heartbeat event every 15 s) before its stream is
 * ended. RFC 6455 clients answer every ping with a pong, whatever they are doing.
 */
export const MAX_UNANSWERED_PINGS = 6;

/** The sink of each WebSocket, for the one `pong` listener every socket shares (as `streamOf`). */
const sinkOf = new WeakMap<WebSocket, WebSocketSink>();

function onPong(this: WebSocket): void {
  const sink = sinkOf.get(this);
  if (sink) sink.unanswered = 0;
}

/**
 * A WebSocket stream (`GET /user/events_ws`, docs/API.md "WebSocket"): one text frame per
 * event, the same frames the SSE stream sends without their `data: ` framing; a keep-alive
 * comment becomes a ping, and a peer that answers none of several is dropped. Frames go through `ws` (no compression: a frame is written once and
 * its payload Buffer is shared by every stream of a broadcast).
 */
export class WebSocketSink implements StreamSink {
  /** Pings sent since the last pong (`MAX_UNANSWERED_PINGS`). */
  unanswered = 0;

  constructor(private readonly ws: WebSocket) {
    sinkOf.set(ws, this);
    ws.on("pong", onPong);
  }

  get backlog(): number {
    return this.ws.bufferedAmount;
  }

  get ended(): boolean {
    return this.ws.readyState !== WebSocket.OPEN;
  }

  write(parts: readonly Part[]): void {
    if (this.ended) return;
    for (const part of parts) {
      for (const payload of payloadsOf(typeof part === "string" ? Buffer.from(part) : part)) {
        if (payload !== PING) this.ws.send(payload, { binary: false });
        else if (++this.unanswered > MAX_UNANSWERED_PINGS) {
          // A peer gone without a close (a phone that lost its network): nothing would tell
          // the server for many minutes, so its stream is ended now. Terminating emits
          // `close`, which closes the connection and takes it out of the hub.
          this.ws.terminate();
          return;
        } else this.ws.ping();
      }
    }
  }

  end(parts: readonly Part[]): void {
    this.write(parts);
    // A normal closure: the client reconnects (or, after a kick, does not) as after an SSE end.
    if (!this.ended) this.ws.close(1000);
  }
}

/** Responses whose headers were written (`writeHead`) but not flushed: they leave with the first frames. */
const headsPending = new WeakSet<ServerResponse>();

/**
 * Sends the headers of `res` (written with `writeHead`, not flushed) with the stream's first
 * write instead of on their own: one socket write fewer per stream opened, a third of the
 * writes of a stream that reconnects (docs/PERFORMANCE.md "Reconnect storm").
 */
export function sendHeadWithFirstWrite(res: ServerResponse): void {
  headsPending.add(res);
}

/** The sink of a stream whose headers were written (or whose WebSocket is open). */
export function sinkFor(res: StreamTarget): StreamSink {
  if (res instanceof WebSocket) return new WebSocketSink(res);
  const socket = res.socket;
  const headPending = headsPending.delete(res);
  return socket && res.headersSent && res.chunkedEncoding ? new ChunkedSocketSink(res, socket, headPending) : new ResponseSink(res);
}
