import http from "node:http";
import type { ServerEvent } from "@parley/protocol";

/**
 * How a probe client holds the event stream. The stream-integrity probe is written against this
 * interface so the WebSocket stream, when it lands, is checked by the same probe as SSE.
 */
export interface StreamTransport {
  name: string;
  /** Opens a stream for the token from where the client left off (see `StreamResume`). */
  open(baseUrl: string, token: string, resume: StreamResume, onEvent: (e: ServerEvent) => void): Promise<StreamConnection>;
}

/** What a reconnecting client sends back (docs/API.md "Framing"), as the web client does. */
export interface StreamResume {
  /** The last chat mid the client saw (0: none yet). */
  afterMid: number;
  /** The user-directory version it holds (0: none yet, so the server sends a snapshot). */
  usersVersion: number;
  /** A backlog limit; past it the server sends `history_gap`. */
  limit?: number;
}

export interface StreamConnection {
  /** Resolves when the server ends the stream or the connection breaks. */
  closed: Promise<void>;
  close(): void;
}

/**
 * `GET /api/user/events` (docs/API.md "Framing"): `data: <json>` frames separated by a blank line.
 */
export const sseTransport: StreamTransport = {
  name: "sse",
  open(baseUrl, token, { afterMid, usersVersion, limit }, onEvent) {
    const qs = new URLSearchParams({ "api-key": token, after_mid: String(afterMid) });
    if (usersVersion > 0) qs.set("users_version", String(usersVersion));
    if (limit) qs.set("limit", String(limit));
    return new Promise((resolve, reject) => {
      const req = http.get(`${baseUrl}/api/user/events?${qs}`, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`event stream answered ${res.statusCode}`));
          return;
        }
        let buffer = "";
        let done!: () => void;
        const closed = new Promise<void>((r) => (done = r));
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let idx;
          while ((idx = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, idx);
            buffer = buffer.slice(idx + 2);
            if (frame.startsWith("data: ")) onEvent(JSON.parse(frame.slice(6)) as ServerEvent);
          }
        });
        res.on("close", done);
        res.on("error", done);
        resolve({ closed, close: () => req.destroy() });
      });
      req.on("error", reject);
    });
  },
};
