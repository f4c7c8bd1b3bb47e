import http from "node:http";
import https from "node:https";
import { ANY_ADDRESS, PUBLIC_ONLY, systemResolver, type AddressGate, type Resolver } from "../preview/address.js";
import { checkTarget, defaultPort, gatedLookup, guardSocket } from "../preview/fetch.js";

/**
 * EVERY WEBHOOK REQUEST goes through the link previews' SSRF guard (preview/fetch.ts): http(s)
 * only, no credentials in the URL, and every address the name resolves to, and the address the
 * socket really connects to, must be a global unicast one, unless `PREVIEW_ALLOW_PRIVATE=1`
 * (`config.previewAllowPrivate`) allows private, loopback and link-local targets too.
 */
export interface OutboundOptions {
  gate: AddressGate;
  resolve: Resolver;
  timeoutMs: number;
}

export function outboundOptions(allowPrivate: boolean, timeoutMs: number): OutboundOptions {
  return { gate: allowPrivate ? ANY_ADDRESS : PUBLIC_ONLY, resolve: systemResolver, timeoutMs };
}

const USER_AGENT = "Parley-Webhook/1.0";

/**
 * Connections to receivers are kept alive and reused (a new TCP, and TLS, handshake per delivery
 * cost more than the delivery). Reuse keeps the guard: a socket is judged when it connects
 * (`gatedLookup`, `guardSocket`), and one gate (`PREVIEW_ALLOW_PRIVATE`) holds for the process.
 */
const agents = { "http:": new http.Agent({ keepAlive: true, maxSockets: 16 }), "https:": new https.Agent({ keepAlive: true, maxSockets: 16 }) };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Redirects the save-time probe follows (a delivery follows none: its POST is not repeated elsewhere). */
const PROBE_REDIRECTS = 3;

/** One request; answers the status. The response body is read and dropped (bounded by the deadline). */
function send(url: URL, method: "GET" | "POST", headers: Record<string, string>, body: string | null, opts: OutboundOptions, signal: AbortSignal) {
  checkTarget(url, opts.gate);
  const port = defaultPort(url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = client.request(url, { method, agent: agents[url.protocol as "http:" | "https:"], headers: { "user-agent": USER_AGENT, ...headers }, lookup: gatedLookup(opts.gate, opts.resolve, port), signal }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      res.on("error", reject);
    });
    guardSocket(req, opts.gate, port);
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("timed out")), timeoutMs);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** POSTs one delivery's JSON body; answers the receiver's status (throws when it could not be reached or was refused by the guard). */
export function postJson(target: string, body: string, headers: Record<string, string>, opts: OutboundOptions): Promise<number> {
  return withDeadline(opts.timeoutMs, async (signal) => {
    const res = await send(new URL(target), "POST", { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers }, body, opts, signal);
    return res.status;
  });
}

/** The save-time check (docs/API.md "Identity"): a `GET`, redirects followed; answers the final status. */
export function probe(target: string, opts: OutboundOptions): Promise<number> {
  return withDeadline(opts.timeoutMs, async (signal) => {
    let url = new URL(target);
    for (let hop = 0; ; hop++) {
      const res = await send(url, "GET", {}, null, opts, signal);
      if (!REDIRECTS.has(res.status) || !res.location || hop >= PROBE_REDIRECTS) return res.status;
      url = new URL(res.location, url);
    }
  });
}
