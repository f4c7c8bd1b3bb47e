import http from "node:http";
import { listenLocal, waitForCount } from "./localServer.js";

/** One request a recorder got. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON (null when it is not JSON). */
  json: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

export interface HttpRecorder {
  /** `http://127.0.0.1:<port>` (loopback: the server needs `previewAllowPrivate`). */
  base: string;
  readonly requests: RecordedRequest[];
  /** From now on answers with `answer` (the default: 200 `{}`). */
  respond(answer: (req: RecordedRequest) => Answer): void;
  /** Waits until `n` requests arrived (fails the test after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server standing in for a service the notification paths call (FCM, Google's token
 * URL, Telegram, Discord, …): records every request whole and answers what the test says, so a
 * test checks the request as the service documents it.
 */
export async function startHttpRecorder(answer: (req: RecordedRequest) => Answer = () => ({ status: 200, body: {} })): Promise<HttpRecorder> {
  const requests: RecordedRequest[] = [];
  let respond = answer;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, json };
      requests.push(recorded);
      const { status, body: out } = respond(recorded);
      const text = out === undefined ? "" : typeof out === "string" ? out : JSON.stringify(out);
      res.writeHead(status, { "content-type": typeof out === "string" ? "text/plain" : "application/json" }).end(text);
    });
  });
  const local = await listenLocal(server);
  return {
    base: local.origin,
    requests,
    respond(next) {
      respond = next;
    },
    waitFor: (n, timeoutMs = 10_000) => waitForCount(requests, n, timeoutMs, "http recorder requests"),
    close: local.close,
  };
}
