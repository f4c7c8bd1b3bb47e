import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Where a stream's bytes go: the parts of one flush, and at the end the end of the response. */
export interface StreamSink {
  /** Bytes accepted but not yet sent (the slow-stream check). */
  readonly backlog: number;
  write(parts: readonly Buffer[]): void;
  end(parts: readonly Buffer[]): void;
}

const CRLF = Buffer.from("\r\n");

/**
 * Each part framed as an HTTP/1.1 chunk (`<size>\r\n<bytes>\r\n`), once for every stream that
 * writes the same part: a broadcast's bytes are one Buffer (events/turn.ts), so they are framed
 * once too. Kept as long as the part itself is.
 */
const chunks = new WeakMap<Buffer, Buffer>();

function chunkOf(part: Buffer): Buffer {
  let chunk = chunks.get(part);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, CRLF]);
    chunks.set(part, chunk);
  }
  return chunk;
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
  ) {}

  get backlog(): number {
    return this.socket.writableLength;
  }

  write(parts: readonly Buffer[]): void {
    if (parts.length === 1) {
      this.socket.write(chunkOf(parts[0]));
      return;
    }
    this.socket.cork();
    for (const part of parts) this.socket.write(chunkOf(part));
    this.socket.uncork();
  }

  end(parts: readonly Buffer[]): void {
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

  write(parts: readonly Buffer[]): void {
    if (parts.length === 1) {
      this.res.write(parts[0]);
      return;
    }
    this.res.cork();
    for (const part of parts) this.res.write(part);
    this.res.uncork();
  }

  end(parts: readonly Buffer[]): void {
    for (const part of parts.slice(0, -1)) this.res.write(part);
    if (parts.length > 0) this.res.end(parts[parts.length - 1]);
    else this.res.end();
  }
}

/** The sink of a stream whose headers were sent. */
export function sinkFor(res: ServerResponse): StreamSink {
  const socket = res.socket;
  return socket && res.headersSent && res.chunkedEncoding ? new ChunkedSocketSink(res, socket) : new ResponseSink(res);
}
