import type { Readable } from "node:stream";

/** What a store knows about one object. */
export interface BlobStat {
  size: number;
  /** Last write, ms since the epoch. */
  modifiedAt: number;
}

export interface BlobEntry extends BlobStat {
  key: string;
}

/** An inclusive byte range, as HTTP `Range: bytes=start-end` names it. */
export interface BlobRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files, thumbnails and pictures live. Keys are `/`-separated relative paths in
 * VoceChat's data layout (`upload/file/2024/3/7/<uuid>`, `avatar/12.png`; see `layout.ts`).
 * Routes and commands only ever talk to this interface: the local-disk store serves a single
 * node or a shared `DATA_DIR`, and an S3-compatible store can replace it for the cluster mode
 * (put = PutObject/multipart upload, get = GetObject with Range, stat = HeadObject,
 * delete = DeleteObject(s), list = ListObjectsV2) without touching them.
 */
export interface BlobStore {
  /**
   * Writes a whole object from a stream or a buffer. Readers see the old object or the new one,
   * never a partial write; when the source fails, nothing is left behind and the source's error
   * is rethrown.
   */
  put(key: string, body: Readable | Buffer): Promise<BlobStat>;
  /** The object's bytes (or the inclusive `range` of them) as a stream; null when it does not exist. */
  get(key: string, range?: BlobRange): Promise<Readable | null>;
  stat(key: string): Promise<BlobStat | null>;
  /**
   * Deletes one object, or every object under a prefix when the key ends with `/`. Deleting
   * what does not exist is not an error.
   */
  delete(key: string): Promise<void>;
  /** Every object under `prefix` (which ends with `/`, or is `""` for all), in key order. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /**
   * Checks at start-up that the store can be used (the directory is writable, the bucket
   * answers), so a wrong setting stops the server with one line instead of failing the first
   * upload with a 500. Rejects with a `StorageUnavailable` naming what is wrong.
   */
  verify(): Promise<void>;
}

/** The store cannot be used as configured (start-up stops with this message). */
export class StorageUnavailable extends Error {
  override name = "StorageUnavailable";
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Keys are relative, `/`-separated, with plain segments: no `..`, no empty or hidden segment. */
export function assertKey(key: string, allowPrefix = false): void {
  const body = allowPrefix && key.endsWith("/") ? key.slice(0, -1) : key;
  if (allowPrefix && key === "") return;
  const ok = body.length > 0 && body.length <= 512 && body.split("/").every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
  if (!ok) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Reads a whole (small) object into memory, e.g. an avatar; null when missing. */
export async function readAll(store: BlobStore, key: string): Promise<Buffer | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
