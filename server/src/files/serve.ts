import { Readable } from "node:stream";
import makeContentDisposition from "content-disposition";
import isFresh from "fresh";
import parseRanges from "range-parser";
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

/**
 * `attachment` or `inline`, with the file's name (RFC 6266). A name beyond printable ASCII also
 * gets `filename*` (UTF-8) and an ASCII `filename` with `_` for the rest: a raw ISO-8859-1 byte
 * in a header is read as broken UTF-8 by many clients.
 */
export function contentDisposition(kind: "inline" | "attachment", filename: string | null): string {
  return filename ? makeContentDisposition(filename, { type: kind, fallback: filename.replace(/[^\x20-\x7e]/g, "_") }) : kind;
}

const httpDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();
const parseDate = (value: string | undefined): number | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};
const seconds = (ms: number) => Math.floor(ms / 1000);

/** `If-Match`: strong comparison (RFC 9110 §13.1.1); `fresh` covers the weak `If-None-Match`. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim() === etag);
}

/**
 * The one byte range of a `Range` header against `size` (overlapping ranges merged); "ignore"
 * for what Parley serves whole (a malformed header, several disjoint ranges), "unsatisfiable"
 * when no range fits the object (a 416).
 */
export function parseRange(header: string, size: number): BlobRange | "unsatisfiable" | "ignore" {
  const ranges = parseRanges(size, header, { combine: true });
  if (ranges === -2 || (ranges !== -1 && (ranges.type !== "bytes" || ranges.length !== 1))) return "ignore";
  if (ranges === -1) return "unsatisfiable";
  return { start: ranges[0].start, end: ranges[0].end };
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

  if (h["if-match"] !== undefined && !etagMatches(h["if-match"], blob.etag)) return reply.code(412).send();
  const unmodifiedSince = parseDate(h["if-unmodified-since"]);
  if (h["if-match"] === undefined && unmodifiedSince !== null && seconds(blob.lastModified) > seconds(unmodifiedSince)) {
    return reply.code(412).send();
  }
  if (isFresh(h, { etag: blob.etag, "last-modified": httpDate(blob.lastModified) })) return reply.code(304).send();

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
