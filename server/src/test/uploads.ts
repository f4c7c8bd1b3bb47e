import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp, { type Color } from "sharp";
import type { FileExpiryMode, UploadFileResponse } from "@parley/protocol";
import { call, midOf, ok } from "./api.js";
import type { Session, TestServer } from "./harness.js";

/** A `multipart/form-data` body for `app.inject`, fields in the given order. */
export function multipart(fields: [name: string, value: string | Buffer][]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----parley${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    const head = Buffer.isBuffer(value)
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export async function prepare(s: TestServer, who: Session, body: Record<string, unknown> = {}): Promise<string> {
  const res = await s.app.inject({ method: "POST", url: "/api/resource/file/prepare", headers: who.headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`prepare: ${res.statusCode} ${res.body}`);
  return res.json() as string;
}

export function uploadChunk(s: TestServer, who: Session, fileId: string, chunk: Buffer, last: boolean) {
  const { payload, headers } = multipart([
    ["file_id", fileId],
    ["chunk_data", chunk],
    ["chunk_is_last", String(last)],
  ]);
  return s.app.inject({ method: "POST", url: "/api/resource/file/upload", headers: { ...who.headers, ...headers }, payload });
}

/** Prepares and uploads `data` in chunks of `chunkSize`, as the web client does. */
export async function uploadFile(
  s: TestServer,
  who: Session,
  data: Buffer,
  opts: { filename?: string; content_type?: string; chunkSize?: number } = {},
): Promise<UploadFileResponse> {
  const fileId = await prepare(s, who, { filename: opts.filename ?? "data.bin", content_type: opts.content_type });
  const size = opts.chunkSize ?? 1_000_000;
  let result: UploadFileResponse | null = null;
  for (let offset = 0; offset < data.length || offset === 0; offset += size) {
    const last = offset + size >= data.length;
    const res = await uploadChunk(s, who, fileId, data.subarray(offset, offset + size), last);
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    if (last) result = res.json() as UploadFileResponse;
    else if (res.body !== "null") throw new Error(`non-final chunk answered ${res.body}`);
    if (last) break;
  }
  return result as UploadFileResponse;
}

/** Deterministic pseudo-random bytes (xorshift), so a failure can be reproduced. */
export function pseudoRandom(size: number, seed = 1): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    if (i + 4 <= size) out.writeUInt32LE(x, i);
    else for (let j = 0; i + j < size; j++) out[i + j] = (x >>> (8 * j)) & 0xff;
  }
  return out;
}

/** Sends a file message (`vocechat/file` by default) with optional X-Properties. */
export function sendFile(s: TestServer, who: Session, url: string, body: string, props?: object, contentType = "vocechat/file") {
  const headers: Record<string, string> = { ...who.headers, "content-type": contentType };
  if (props) headers["x-properties"] = Buffer.from(JSON.stringify(props)).toString("base64");
  return s.app.inject({ method: "POST", url: `/api${url}`, headers, payload: body });
}

/** Sends an uploaded file as a message (`{path}` as `vocechat/file`, or `kind`) and answers its mid. */
export async function sendUpload(s: TestServer, who: Session, url: string, file: { path: string }, props?: object, kind = "vocechat/file"): Promise<number> {
  return midOf(await sendFile(s, who, url, JSON.stringify({ path: file.path }), props, kind));
}

/** A plain image of one colour (`channels: 4` for one with alpha), encoded as `format`. */
export function image(width: number, height: number, opts: { format?: "png" | "jpeg"; background?: Color; channels?: 3 | 4 } = {}): Promise<Buffer> {
  const { format = "png", background = "#2255aa", channels = 3 } = opts;
  return sharp({ create: { width, height, channels, background } })[format]().toBuffer();
}

/** Where an object of the server's store lies on disk (`key` like `upload/file` or `avatar/2.png`). */
export const stored = (s: TestServer, ...key: string[]): string => path.join(s.ctx.config.dataDir, ...key.flatMap((k) => k.split("/")));

/** How long files and archives live (`max_file_expiry_mode` of `PUT /admin/system/common`), set by an admin. */
export async function setFileExpiry(s: TestServer, admin: Session, mode: FileExpiryMode): Promise<void> {
  ok(await call(s, "PUT", "/admin/system/common", admin, { max_file_expiry_mode: mode }), "file expiry");
}
