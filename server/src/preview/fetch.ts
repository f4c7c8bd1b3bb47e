import http from "node:http";
import https from "node:https";
import type { LookupAddress, LookupOptions } from "node:dns";
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { isIpLiteral, type AddressGate, type Resolver } from "./address.js";

export class PreviewFetchError extends Error {}

export interface SafeFetchOptions {
  gate: AddressGate;
  resolve: Resolver;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** Largest page accepted, after decompression. */
  maxBytes: number;
  maxRedirects: number;
  headers: Record<string, string>;
}

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: URL;
  contentType: string;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

export const defaultPort = (url: URL) => Number(url.port || (url.protocol === "https:" ? 443 : 80));
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * A lookup for `http.request` that resolves every address of the name and refuses the
 * connection unless the gate allows all of them. It runs when the socket connects, for every
 * hop, so a name that resolves differently later (DNS rebinding) is judged by the address it is
 * actually connecting to. Webhook requests use it too (server/src/webhooks/send.ts).
 */
export function gatedLookup(gate: AddressGate, resolve: Resolver, port: number) {
  return (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (found.length === 0 || wanted.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
        const blocked = found.find((a) => !gate.allows(a.address, port));
        if (blocked) return callback(new PreviewFetchError(`${hostname} resolves to a blocked address`), "");
        if (options.all) return callback(null, wanted.map((a) => ({ address: a.address, family: a.family })));
        return callback(null, wanted[0].address, wanted[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}

/** Refuses a URL before any connection: not http(s), credentials in it, a blocked address literal. */
export function checkTarget(url: URL, gate: AddressGate): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PreviewFetchError("only http and https");
  if (url.username || url.password) throw new PreviewFetchError("credentials in URL");
  const host = bareHost(url);
  // An address literal never reaches the lookup: judge it here.
  if (isIpLiteral(host) && !gate.allows(host, defaultPort(url))) throw new PreviewFetchError("blocked address");
}

/**
 * A second check on the connected socket's peer address, whatever path led to it. A kept-alive
 * socket handed out again (webhooks) was judged when it connected.
 */
export function guardSocket(req: http.ClientRequest, gate: AddressGate, port: number): void {
  req.on("socket", (socket: Socket) => {
    if (!socket.connecting) return;
    socket.once("connect", () => {
      const peer = socket.remoteAddress;
      if (!peer || !gate.allows(peer, socket.remotePort ?? port)) socket.destroy(new PreviewFetchError("connected to a blocked address"));
    });
  });
}

function request(url: URL, opts: SafeFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const port = defaultPort(url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "GET",
        agent: false,
        headers: opts.headers,
        lookup: gatedLookup(opts.gate, opts.resolve, port),
        signal,
      },
      resolve,
    );
    guardSocket(req, opts.gate, port);
    req.on("error", reject);
    req.end();
  });
}

function decoded(res: http.IncomingMessage): Readable {
  switch ((res.headers["content-encoding"] ?? "identity").toLowerCase().trim()) {
    case "gzip":
    case "x-gzip":
      return res.pipe(zlib.createGunzip());
    case "deflate":
      return res.pipe(zlib.createInflate());
    case "br":
      return res.pipe(zlib.createBrotliDecompress());
    case "identity":
    case "":
      return res;
    default:
      throw new PreviewFetchError("unknown content encoding");
  }
}

async function readLimited(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw new PreviewFetchError("page too large");
  const chunks: Buffer[] = [];
  let total = 0;
  const body = decoded(res);
  try {
    for await (const chunk of body) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw new PreviewFetchError("page too large");
      chunks.push(chunk as Buffer);
    }
  } finally {
    res.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches an HTML page for a link preview without letting the URL reach inside the network:
 * http/https only, every hop's addresses checked by the gate when the socket connects, at most
 * `maxRedirects` redirects, one deadline for everything, a byte limit, and only `text/html`
 * (or XHTML) accepted. Any failure throws `PreviewFetchError` (or the network error).
 */
export async function fetchHtml(target: string, opts: SafeFetchOptions): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new PreviewFetchError("timed out")), opts.timeoutMs);
  try {
    let url = new URL(target);
    for (let hop = 0; ; hop++) {
      checkTarget(url, opts.gate);
      const res = await request(url, opts, controller.signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.destroy();
        const location = res.headers.location;
        if (!location || hop >= opts.maxRedirects) throw new PreviewFetchError("too many redirects");
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new PreviewFetchError(`status ${status}`);
      }
      const contentType = (res.headers["content-type"] ?? "").toLowerCase();
      if (!HTML_TYPES.has(contentType.split(";")[0].trim())) {
        res.destroy();
        throw new PreviewFetchError("not an HTML page");
      }
      const body = await readLimited(res, opts.maxBytes);
      return { url, contentType, body };
    }
  } finally {
    clearTimeout(timer);
  }
}
