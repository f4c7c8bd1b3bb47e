// A lean load generator for the throughput figures: HTTP/1.1 keep-alive requests and SSE
// frame counting written straight on `node:net` sockets. `node:http`'s client costs the load
// generator more per request than the server spends persisting a message, and on a 2-core
// machine shared with the server the generator, not the server, would set the figure.
import net from "node:net";

const CRLF2 = Buffer.from("\r\n\r\n");

/** `host` and `port` of `http://host:port`. */
function endpoint(base) {
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port) };
}

/**
 * One keep-alive connection, one request at a time (no pipelining). Answers are parsed just
 * enough: the status line, `Content-Length` (the server always sends it for these routes) and
 * the body.
 */
class RawConnection {
  constructor(base) {
    const { host, port } = endpoint(base);
    this.host = `${host}:${port}`;
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.buffer = Buffer.alloc(0);
    this.waiting = null;
    this.socket.on("data", (chunk) => this.onData(chunk));
    this.socket.on("error", (err) => this.fail(err));
    this.socket.on("close", () => this.fail(new Error("connection closed")));
  }

  request(method, path, headers, body = "") {
    if (this.waiting) throw new Error("one request at a time per connection");
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\n${body}`);
    });
  }

  onData(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf(CRLF2);
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.toString("latin1", 0, end);
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffer.toString("utf8", end + 4, end + 4 + length);
    this.buffer = this.buffer.subarray(end + 4 + length);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status, body });
  }

  fail(err) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(err);
  }

  close() {
    this.socket.destroy();
  }
}

/** `size` keep-alive connections; a request takes a free one or waits for one. */
export function rawHttpPool(base, size) {
  const free = Array.from({ length: size }, () => new RawConnection(base));
  const all = [...free];
  const queue = [];
  const release = (conn) => {
    const next = queue.shift();
    if (next) next(conn);
    else free.push(conn);
  };
  return {
    async request(method, path, headers, body) {
      const conn = free.pop() ?? (await new Promise((r) => queue.push(r)));
      try {
        return await conn.request(method, path, headers, body);
      } finally {
        release(conn);
      }
    },
    close() {
      for (const conn of all) conn.close();
    },
  };
}

const CHAT = Buffer.from('data: {"type":"chat","mid":');
const READY = Buffer.from('data: {"type":"ready"');
// Over a WebSocket an event is a text frame's whole payload, without the `data: ` line prefix.
const WS_CHAT = CHAT.subarray("data: ".length);
const WS_READY = READY.subarray("data: ".length);

/**
 * Finds `needle` in a byte stream fed in arbitrary pieces and calls `onMatch(hay, end)` with
 * the position right after each match. `onMatch` returns false when what it needs after the
 * needle has not arrived yet: the match is then looked at again with the next piece.
 */
function scanner(needle, onMatch) {
  let tail = null;
  return (chunk) => {
    const hay = tail ? Buffer.concat([tail, chunk]) : chunk;
    let keepFrom = Math.max(0, hay.length - needle.length + 1);
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
      if (!onMatch(hay, at + needle.length)) {
        keepFrom = at;
        break;
      }
    }
    if (keepFrom > hay.length - needle.length) keepFrom = partialNeedleAt(hay, needle);
    // Copied: `chunk` may be a read buffer that is reused.
    tail = keepFrom < hay.length ? Buffer.from(hay.subarray(keepFrom)) : null;
  };
}

/** Where the end of `hay` starts a needle cut short (the length of `hay` when it does not). */
function partialNeedleAt(hay, needle) {
  for (let at = Math.max(0, hay.length - needle.length + 1); at < hay.length; at++) {
    at = hay.indexOf(needle[0], at);
    if (at < 0) break;
    if (hay.subarray(at).equals(needle.subarray(0, hay.length - at))) return at;
  }
  return hay.length;
}

/**
 * One read buffer for every stream: with `onread` a socket reads into it and hands the bytes
 * to a callback, without a Buffer and a stream event per read. Safe to share, since each
 * callback is done with the bytes before the next read.
 */
const readBuffer = Buffer.alloc(256 * 1024);

/** Any 16 bytes, base64: the handshake's nonce (the server's accept value is not checked here). */
const WS_KEY = Buffer.from("parley-bench-ws!").toString("base64");

/**
 * Opens `GET /api/user/events` (`query`: more parameters, `&users_version=…`) on a raw socket
 * and reads `chat` frames without decoding them: `chats` counts them, `onChat(mid, now)` gets
 * each one's mid (the first key of a chat event). Resolves once the response headers arrived;
 * `ready` resolves at the `ready` frame.
 */
export function countingSse(base, token, { query = "", onChat, websocket = false } = {}) {
  const { host, port } = endpoint(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host, onread: { buffer: readBuffer, callback: (n, buf) => void onData(buf.subarray(0, n)) } });
    let onReady;
    const client = { chats: 0, ready: new Promise((r) => (onReady = r)), close: () => socket.destroy() };
    let now = 0;
    const scanChats = scanner(websocket ? WS_CHAT : CHAT, (hay, from) => {
      let end = from;
      let mid = 0;
      while (end < hay.length && hay[end] >= 48 && hay[end] <= 57) mid = mid * 10 + hay[end++] - 48;
      if (end === hay.length) return false;
      client.chats++;
      onChat?.(mid, now);
      return true;
    });
    let isReady = false;
    const scanReady = scanner(websocket ? WS_READY : READY, () => {
      if (!isReady) onReady();
      isReady = true;
      return true;
    });
    let head = Buffer.alloc(0);
    let open = false;
    const onData = (chunk) => {
      now = performance.now();
      if (!open) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(CRLF2);
        if (end < 0) return;
        const status = Number(head.toString("latin1", 9, 12));
        if (status !== (websocket ? 101 : 200)) {
          socket.destroy();
          reject(new Error(`events: ${status}`));
          return;
        }
        open = true;
        resolve(client);
        chunk = head.subarray(end + 4);
      }
      if (!isReady) scanReady(chunk);
      scanChats(chunk);
    };
    socket.on("error", reject);
    // `websocket`: the same stream as WebSocket text frames (`/api/user/events_ws`); the
    // scanners read the unmasked payloads between the frame headers just the same.
    const request = websocket
      ? `GET /api/user/events_ws?api-key=${encodeURIComponent(token)}${query} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${WS_KEY}\r\n\r\n`
      : `GET /api/user/events?api-key=${encodeURIComponent(token)}${query} HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n\r\n`;
    socket.write(request);
  });
}
