import http from "node:http";
import https from "node:https";
import { checkTarget, defaultPort, gatedLookup, guardSocket } from "../preview/fetch.js";
import type { OutboundOptions } from "../webhooks/send.js";

/**
 * ONE OUTBOUND REQUEST of a notification path (FCM, a user's channel), through the SSRF guard of
 * every webhook request (`webhooks/send.ts`, preview/fetch.ts): http(s) only, no credentials in
 * the URL, and only global unicast addresses unless `PREVIEW_ALLOW_PRIVATE=1`. Unlike a bot's
 * webhook the answer's body matters (an OAuth token, FCM's `UNREGISTERED`, the error a service
 * gives a user testing a channel), so it is read, up to `MAX_ANSWER_BYTES`. No redirect is
 * followed: a POST is not repeated elsewhere.
 */
export interface OutboundRequest {
  method: "GET" | "POST" | "PUT" | "PATCH";
  url: string;
  headers?: Record<string, string>;
  /** A string body sent as is (the caller sets its content type). */
  body?: string;
}

export interface OutboundAnswer {
  status: number;
  /** The answer's text, cut at `MAX_ANSWER_BYTES`. */
  body: string;
}

const MAX_ANSWER_BYTES = 64 * 1024;
const USER_AGENT = "Parley-Notify/1.0";
/** The deadline of one send, connection to last byte. */
export const NOTIFY_TIMEOUT_MS = 10_000;

/** Sends one request; answers the status and text, or throws when it could not be made (the guard, the network, the deadline). */
export async function outbound(req: OutboundRequest, opts: OutboundOptions): Promise<OutboundAnswer> {
  const url = new URL(req.url);
  checkTarget(url, opts.gate);
  const port = defaultPort(url);
  const client = url.protocol === "https:" ? https : http;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("timed out")), opts.timeoutMs);
  const headers: Record<string, string> = { "user-agent": USER_AGENT, ...req.headers };
  if (req.body !== undefined) headers["content-length"] = String(Buffer.byteLength(req.body));
  try {
    return await new Promise<OutboundAnswer>((resolve, reject) => {
      const request = client.request(url, { method: req.method, headers, lookup: gatedLookup(opts.gate, opts.resolve, port), signal: controller.signal }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString("utf8") }));
        res.on("error", reject);
      });
      guardSocket(request, opts.gate, port);
      request.on("error", reject);
      request.end(req.body);
    });
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON request body with its content type. */
export const jsonRequest = (method: OutboundRequest["method"], url: string, value: unknown, headers: Record<string, string> = {}): OutboundRequest => ({
  method,
  url,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(value),
});

/** Joins a base URL (a configured server address, maybe with a path and a trailing `/`) and a path. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, "")}${path}`;
