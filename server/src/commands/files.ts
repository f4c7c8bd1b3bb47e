import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import mime from "mime";
import { ContentType, type Gid, type Uid, type UploadFileResponse } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { recordAudit, type AuditActor } from "./audit.js";
import { isDecodableImage, probeImage } from "../files/images.js";
import { HttpError, badRequest, forbidden } from "../http/errors.js";
import { filesPolicy } from "../policies/files.js";
import { presentUpload } from "../presenters/files.js";
import { insertFile, type FileRow, type UploadRow } from "../repos/files.js";
import { readAll } from "../storage/index.js";
import {
  FILE_ID,
  UPLOAD_TMP_PREFIX,
  avatarKey,
  chunkKey,
  fileKey,
  filePathFor,
  groupAvatarKey,
  isFilePath,
  thumbnailKey,
  uploadPrefix,
  userFavoritesPrefix,
} from "../storage/layout.js";
import { sweepArchives } from "./archives.js";
import { currentExpiryCutoff, isExpired } from "../files/expiry.js";
import type { OutgoingContent } from "./messages.js";

/** An upload untouched for this long is abandoned (VoceChat's `upload_timeout_seconds`). */
export const UPLOAD_TIMEOUT_MS = 300_000;
/** `PUT /resource/widget-extra.css` accepts at most this many characters. */
export const WIDGET_CSS_MAX = 100_000;
const WIDGET_CSS_KEY = "widget_extra_css";

/** A file that can be served or sent: exists, with its bytes, not expired. */
export async function liveFile(ctx: AppContext, path: string): Promise<FileRow | null> {
  if (!isFilePath(path)) return null;
  const file = await ctx.repos.files.byPath(path);
  if (!file || isExpired(file, await currentExpiryCutoff(ctx))) return null;
  return file;
}

// ---------------------------------------------------------------------------------------------
// Uploads (docs/API.md "Files")
// ---------------------------------------------------------------------------------------------

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** A file name as clients display it: no directories, no control characters, at most 255 characters. */
export function cleanFilename(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? null : cleaned;
}

/**
 * `POST /resource/file/prepare`: registers an upload and returns its `file_id`. The content type
 * is the client's (without parameters), else guessed from the file name, else
 * `application/octet-stream`.
 */
export async function prepareUpload(
  ctx: AppContext,
  actor: TokenClaims,
  input: { content_type?: string | null; filename?: string | null },
): Promise<string> {
  if (!filesPolicy.canUpload(actor)) throw forbidden("guests cannot upload files");
  const filename = cleanFilename(input.filename);
  let contentType = (input.content_type ?? "").split(";")[0].trim().toLowerCase();
  if (contentType === "") contentType = (filename && mime.getType(filename)) || "application/octet-stream";
  if (!MIME_TYPE.test(contentType)) throw badRequest("failed to parse body.content_type: not a media type");
  const fileId = randomUUID();
  const now = Date.now();
  await ctx.db
    .insertInto("file_uploads")
    .values({ file_id: fileId, uid: actor.uid, content_type: contentType, filename, created_at: now, updated_at: now })
    .execute();
  return fileId;
}

const unknownUpload = () => badRequest("unknown or expired file_id");

/** The caller's upload in progress, or a 400 when it is unknown, someone else's, or abandoned. */
async function liveUpload(ctx: AppContext, actor: TokenClaims, fileId: string): Promise<UploadRow> {
  if (!FILE_ID.test(fileId)) throw unknownUpload();
  const upload = await ctx.repos.files.upload(fileId);
  if (!upload || !filesPolicy.ownsUpload(actor, upload) || upload.updated_at < Date.now() - UPLOAD_TIMEOUT_MS) throw unknownUpload();
  return upload;
}

/** Forgets an upload and its chunks (after a failure, or when it was abandoned). */
export async function discardUpload(ctx: AppContext, fileId: string): Promise<void> {
  await ctx.db.deleteFrom("file_uploads").where("file_id", "=", fileId).execute();
  await ctx.storage.delete(uploadPrefix(fileId));
}

const tooLarge = () => new HttpError(413, "File size too large");
const isTooLarge = (err: unknown) =>
  (err instanceof HttpError && err.status === 413) || (err as { statusCode?: number } | null)?.statusCode === 413;

/**
 * Stores one chunk of an upload as its own object, streamed (never held whole in memory). The
 * chunk's sequence number is taken atomically first, so chunks keep their arrival order on any
 * node. A chunk that would pass `UPLOAD_CHUNK_LIMIT` or take the file past `MAX_FILE_SIZE` ends
 * the upload with a 413 and nothing kept; an empty chunk is a 400. Returns the chunk's size.
 */
export async function appendChunk(ctx: AppContext, actor: TokenClaims, fileId: string, data: AsyncIterable<Buffer>): Promise<number> {
  const before = await liveUpload(ctx, actor, fileId);
  const reserved = await ctx.db
    .updateTable("file_uploads")
    .set((eb) => ({ chunks: eb("chunks", "+", 1), updated_at: Date.now() }))
    .where("file_id", "=", fileId)
    .returning(["chunks", "size"])
    .executeTakeFirst();
  if (!reserved) throw unknownUpload();
  const limit = Math.min(ctx.config.uploadChunkLimit, ctx.config.maxFileSize - Number(reserved.size));
  const key = chunkKey(fileId, Number(reserved.chunks));
  let bytes = 0;
  let touched = Date.now();
  const db = ctx.db;
  async function* limited(): AsyncGenerator<Buffer> {
    for await (const chunk of data) {
      bytes += chunk.length;
      if (bytes > limit) throw tooLarge();
      // A long chunk (a bot sending a big file in one piece) keeps its upload from looking abandoned.
      if (Date.now() - touched > UPLOAD_TIMEOUT_MS / 5) {
        touched = Date.now();
        await db.updateTable("file_uploads").set({ updated_at: touched }).where("file_id", "=", fileId).execute();
      }
      yield chunk;
    }
  }
  // A refused chunk leaves the upload as it found it: its sequence number goes back unless a
  // later chunk has taken the next one meanwhile (then the gap is harmless: chunks join in key order).
  const giveBack = () =>
    ctx.db
      .updateTable("file_uploads")
      .set((eb) => ({ chunks: eb("chunks", "-", 1), updated_at: before.updated_at }))
      .where("file_id", "=", fileId)
      .where("chunks", "=", Number(reserved.chunks))
      .execute();
  try {
    await ctx.storage.put(key, Readable.from(limited()));
  } catch (err) {
    await ctx.storage.delete(key);
    if (isTooLarge(err)) {
      await discardUpload(ctx, fileId);
      throw tooLarge();
    }
    await giveBack();
    throw err;
  }
  if (bytes === 0) {
    await ctx.storage.delete(key);
    await giveBack();
    throw badRequest("empty chunk_data");
  }
  await ctx.db
    .updateTable("file_uploads")
    .set((eb) => ({ size: eb("size", "+", bytes), updated_at: Date.now() }))
    .where("file_id", "=", fileId)
    .execute();
  return bytes;
}

/**
 * The last chunk: joins the chunks into `upload/file/Y/M/D/<file_id>` while hashing them, reads
 * an image's dimensions and makes its thumbnail (an undecodable `image/*` is a 400 and nothing
 * is kept), records the file and drops the chunks. The upload is claimed first (its row is
 * deleted), so two concurrent last chunks cannot both finish it.
 */
export async function finishUpload(ctx: AppContext, actor: TokenClaims, fileId: string): Promise<UploadFileResponse> {
  await liveUpload(ctx, actor, fileId);
  const upload = await ctx.db
    .deleteFrom("file_uploads")
    .where("file_id", "=", fileId)
    .where("uid", "=", actor.uid)
    .returningAll()
    .executeTakeFirst();
  if (!upload) throw unknownUpload();
  const now = Date.now();
  const path = filePathFor(fileId, now);
  const key = fileKey(path);
  let committed = false;
  try {
    const hash = createHash("sha256");
    let size = 0;
    const store = ctx.storage;
    async function* joined(): AsyncGenerator<Buffer> {
      for await (const entry of store.list(uploadPrefix(fileId))) {
        const part = await store.get(entry.key);
        if (!part) throw new Error(`chunk ${entry.key} vanished`);
        for await (const chunk of part) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
    }
    await store.put(key, Readable.from(joined()));
    if (size === 0) throw badRequest("empty upload");
    if (size > ctx.config.maxFileSize) throw tooLarge();

    let width: number | null = null;
    let height: number | null = null;
    let thumbnailType: string | null = null;
    if (isDecodableImage(upload.content_type, size)) {
      const bytes = await readAll(store, key);
      let info;
      try {
        info = await probeImage(bytes ?? Buffer.alloc(0));
      } catch {
        throw badRequest("the file is not a decodable image");
      }
      await store.put(thumbnailKey(path), info.thumbnail.data);
      width = info.width;
      height = info.height;
      thumbnailType = info.thumbnail.contentType;
    }
    const file = await insertFile(ctx.db, {
      path,
      uid: actor.uid,
      content_type: upload.content_type,
      filename: upload.filename,
      size,
      hash: hash.digest("hex"),
      width,
      height,
      thumbnail_type: thumbnailType,
      created_at: now,
      deleted_at: null,
    });
    committed = true;
    return presentUpload(file);
  } finally {
    if (!committed) {
      await deleteQuietly(ctx, key);
      await deleteQuietly(ctx, thumbnailKey(path));
    }
    await ctx.storage.delete(uploadPrefix(fileId));
  }
}

async function deleteQuietly(ctx: AppContext, key: string): Promise<void> {
  await ctx.storage.delete(key).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// File messages (docs/API.md "Sending")
// ---------------------------------------------------------------------------------------------

const FILE_CONTENT_TYPES: ReadonlySet<string> = new Set([ContentType.file, ContentType.audio]);

/**
 * For `vocechat/file` and `vocechat/audio` sends: the body is JSON `{"path": …}`; the path must
 * name a live upload (400 otherwise). The stored content is the path string, and the server's
 * `name` (when known), `content_type` and `size` are merged over the client's properties.
 * Other content passes through unchanged.
 */
export async function resolveFileContent(ctx: AppContext, body: OutgoingContent): Promise<OutgoingContent> {
  if (!FILE_CONTENT_TYPES.has(body.content_type)) return body;
  let path: unknown;
  try {
    path = (JSON.parse(body.content) as { path?: unknown } | null)?.path;
  } catch {
    throw badRequest("the body must be JSON {\"path\": …}");
  }
  if (typeof path !== "string" || !isFilePath(path)) throw badRequest("invalid file path");
  const file = await liveFile(ctx, path);
  if (!file) throw badRequest("file not found");
  return {
    content_type: body.content_type,
    content: path,
    properties: {
      ...(body.properties ?? {}),
      ...(file.filename ? { name: file.filename } : {}),
      content_type: file.content_type,
      size: file.size,
    },
  };
}

/**
 * After a user or channels were deleted (and committed): removes their pictures and, for a
 * user, the attachments of their favorites from the store. Best effort — the rows are already
 * gone, so a leftover object is unreachable, and a storage error must not fail the delete.
 */
export async function deleteStoredObjects(ctx: AppContext, what: { uid?: Uid; gids?: readonly Gid[] }): Promise<void> {
  const keys = [
    ...(what.uid === undefined ? [] : [avatarKey(what.uid), userFavoritesPrefix(what.uid)]),
    ...(what.gids ?? []).map(groupAvatarKey),
  ];
  for (const key of keys) await deleteQuietly(ctx, key);
}

// ---------------------------------------------------------------------------------------------
// Administration and housekeeping
// ---------------------------------------------------------------------------------------------

/** `DELETE /resource/file/delete`: deletes every uploaded file and thumbnail; their messages stay, expired. */
export async function deleteAllFiles(ctx: AppContext, audit: AuditActor): Promise<void> {
  const now = Date.now();
  await ctx.db.transaction().execute(async (tx) => {
    const { numUpdatedRows } = await tx.updateTable("files").set({ deleted_at: now }).where("deleted_at", "is", null).executeTakeFirst();
    await recordAudit(tx, audit, { action: "files.cleared", detail: { files: Number(numUpdatedRows) } });
  });
  await ctx.storage.delete("upload/file/");
  await ctx.storage.delete("upload/thumbnail/");
}

async function deleteFileBytes(ctx: AppContext, file: FileRow, now: number): Promise<void> {
  await ctx.storage.delete(fileKey(file.path));
  if (file.thumbnail_type) await ctx.storage.delete(thumbnailKey(file.path));
  await ctx.db.updateTable("files").set({ deleted_at: now }).where("path", "=", file.path).execute();
}

/** How often abandoned uploads and expired files are looked for (VoceChat: every 30 s). */
export const FILE_SWEEP_INTERVAL_MS = 30_000;

/**
 * One housekeeping pass: abandoned uploads (untouched for 300 s, with their chunks, and chunk
 * folders left without an upload), then files and forwarded-messages archives past
 * `max_file_expiry_mode` (`commands/archives.ts#sweepArchives`).
 */
export async function sweepFiles(ctx: AppContext, now = Date.now()): Promise<{ uploads: number; files: number; archives: number }> {
  let uploads = 0;
  for (const upload of await ctx.repos.files.staleUploads(now - UPLOAD_TIMEOUT_MS)) {
    await discardUpload(ctx, upload.file_id);
    uploads++;
  }
  // Chunks whose upload row is gone (a crash between steps): keyed by their folder's newest write.
  const orphans = new Map<string, number>();
  for await (const entry of ctx.storage.list(UPLOAD_TMP_PREFIX)) {
    const fileId = entry.key.slice(UPLOAD_TMP_PREFIX.length).split("/")[0];
    orphans.set(fileId, Math.max(orphans.get(fileId) ?? 0, entry.modifiedAt));
  }
  for (const [fileId, newest] of orphans) {
    if (newest >= now - UPLOAD_TIMEOUT_MS || !FILE_ID.test(fileId)) continue;
    if (await ctx.repos.files.upload(fileId)) continue;
    await ctx.storage.delete(uploadPrefix(fileId));
    uploads++;
  }

  let files = 0;
  const cutoff = await currentExpiryCutoff(ctx, now);
  if (cutoff !== null) {
    for (;;) {
      const batch = await ctx.repos.files.liveFilesBefore(cutoff, 200);
      for (const file of batch) await deleteFileBytes(ctx, file, now);
      files += batch.length;
      if (batch.length < 200) break;
    }
  }
  const archives = cutoff === null ? 0 : await sweepArchives(ctx, cutoff);
  return { uploads, files, archives };
}

/** The widget's extra CSS, or null when never set. */
export function loadWidgetCss(ctx: AppContext): Promise<string | null> {
  return ctx.repos.config.get<string>(WIDGET_CSS_KEY);
}

export async function setWidgetCss(ctx: AppContext, css: string): Promise<void> {
  if (css.length > WIDGET_CSS_MAX) throw new HttpError(413, "the stylesheet is too large");
  await ctx.repos.config.set(WIDGET_CSS_KEY, css);
}
