import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { BlobRange, BlobStore } from "../storage/index.js";
import { notFound } from "../http/errors.js";

export interface BlobResponse {
  /** The object to stream from the store, or `buffer` for bytes held in memory. */
  key: string | null;
  buffer?: Buffer;
  size: number;
  contentType: string;
  /** A strong validator, quoted (`"…"`). */
  etag: string;
  /** ms since the epoch; sent with second precision. */
  lastModified: number;
  cacheControl: string;
  /** `Content-Disposition` to send, if any. */
  disposition?: string;
}

/**
 * Script-capable types are never rendered inline from this origin: they are served as
 * attachments (an `<img>` still displays an SVG), and every response carries a sandboxing CSP.
 */
const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|application\/x-shockwave-flash)\b/i;
export const isActiveContent = (contentType: string): boolean => ACTIVE_TYPES.test(contentType);

const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `attachment|inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: "inline" | "attachment", filename: string | null): string {
  if (!filename) return kind;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const httpDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();
const parseDate = (value: string | undefined): number | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};
const seconds = (ms: number) => Math.floor(ms / 1000);

function etagMatches(header: string | undefined, etag: string, weak: boolean): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const strip = (t: string) => (weak ? t.replace(/^W\//, "") : t);
  return header.split(",").some((t) => strip(t.trim()) === etag);
}

/** One `bytes=` range against `size`; "ignore" for what Parley serves whole (syntax errors, several ranges). */
export function parseRange(header: string, size: number): BlobRange | "unsatisfiable" | "ignore" {
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "ignore";
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return "ignore";
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Serves a stored object with HTTP caching and ranges: `ETag`, `Last-Modified`, 304 for
 * `If-None-Match`/`If-Modified-Since`, 412 for `If-Match`/`If-Unmodified-Since`, one
 * `Range` (206, or 416 when unsatisfiable) honouring `If-Range`, and the bytes streamed from the
 * store. `HEAD` answers the same headers without reading the object.
 */
export async function sendBlob(req: FastifyRequest, reply: FastifyReply, store: BlobStore, blob: BlobResponse): Promise<FastifyReply> {
  const h = req.headers;
  reply
    .header("Accept-Ranges", "bytes")
    .header("ETag", blob.etag)
    .header("Last-Modified", httpDate(blob.lastModified))
    .header("Cache-Control", blob.cacheControl)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", FILE_CSP);

  if (h["if-match"] !== undefined && !etagMatches(h["if-match"], blob.etag, false)) return reply.code(412).send();
  const unmodifiedSince = parseDate(h["if-unmodified-since"]);
  if (h["if-match"] === undefined && unmodifiedSince !== null && seconds(blob.lastModified) > seconds(unmodifiedSince)) {
    return reply.code(412).send();
  }
  if (h["if-none-match"] !== undefined) {
    if (etagMatches(h["if-none-match"], blob.etag, true)) return reply.code(304).send();
  } else {
    const modifiedSince = parseDate(h["if-modified-since"]);
    if (modifiedSince !== null && seconds(blob.lastModified) <= seconds(modifiedSince)) return reply.code(304).send();
  }

  reply.type(blob.contentType);
  if (blob.disposition) reply.header("Content-Disposition", blob.disposition);

  let range: BlobRange | null = null;
  const rangeHeader = h.range;
  if (rangeHeader && req.method === "GET") {
    const ifRange = typeof h["if-range"] === "string" ? h["if-range"].trim() : undefined;
    const rangeApplies =
      ifRange === undefined ||
      (ifRange.startsWith('"') ? ifRange === blob.etag : seconds(parseDate(ifRange) ?? -1_000) === seconds(blob.lastModified));
    if (rangeApplies) {
      const parsed = parseRange(rangeHeader, blob.size);
      if (parsed === "unsatisfiable") {
        reply.removeHeader("Content-Disposition");
        return reply.code(416).header("Content-Range", `bytes */${blob.size}`).type("text/plain; charset=utf-8").send("Range Not Satisfiable");
      }
      if (parsed !== "ignore") range = parsed;
    }
  }

  const length = range ? range.end - range.start + 1 : blob.size;
  reply.header("Content-Length", String(length));
  if (range) reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${blob.size}`);
  // HEAD: the headers only (an empty stream keeps Fastify from overwriting Content-Length).
  if (req.method === "HEAD") return reply.send(Readable.from([]));
  if (length === 0) return reply.send(Readable.from([]));
  if (blob.buffer) return reply.send(range ? blob.buffer.subarray(range.start, range.end + 1) : blob.buffer);
  const stream = blob.key === null ? null : await store.get(blob.key, range ?? undefined);
  if (!stream) throw notFound("file not found");
  return reply.send(stream);
}
