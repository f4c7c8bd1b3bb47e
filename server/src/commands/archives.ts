import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ContentType, type Archive, type Mid, type Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { currentExpiryCutoff, isExpired } from "../files/expiry.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { messagePolicy } from "../policies/messages.js";
import { presentArchiveMessage } from "../presenters/messages.js";
import { currentContent, hasContent, type ArchiveRow, type MessageRow } from "../repos/messages.js";
import type { BlobStore } from "../storage/index.js";
import {
  archivePrefix,
  attachmentKey,
  avatarKey,
  fileKey,
  isFilePath,
  thumbnailKey,
} from "../storage/layout.js";

/** The kinds an archive can hold (docs/API.md "Archives"); any other is a 400. */
const ARCHIVABLE: ReadonlySet<string> = new Set([ContentType.text, ContentType.markdown, ContentType.file]);

/**
 * One attachment of an archive or a favorite (the `attachments` column, indexed by attachment
 * id): what VoceChat keeps in `attachment/<n>.meta`, plus the size and the sha256 of the copy.
 */
export interface ArchiveAttachment {
  content_type: string;
  filename: string | null;
  size: number;
  hash: string;
}

/** An attachment that can be served: its object in the store and its description. */
export interface StoredAttachment extends ArchiveAttachment {
  key: string;
  /** When the snapshot was made (ms): the attachment's `Last-Modified`. */
  created_at: number;
}

interface Snapshot {
  archive: Archive;
  attachments: ArchiveAttachment[];
}

/**
 * Loads and checks the messages of a snapshot, in mid order, before anything is copied. Per
 * message, in VoceChat's order: 404 unknown (or deleted, or a reaction, which has no content),
 * 403 not readable by the actor (admins may archive any message), 400 a kind that cannot be
 * archived.
 */
export async function archivableMessages(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<MessageRow[]> {
  const rows: MessageRow[] = [];
  for (const mid of [...new Set(mids)].sort((a, b) => a - b)) {
    const row = await ctx.repos.messages.byId(mid);
    if (!row || !hasContent(row)) throw notFound("no such message");
    const group = row.target_gid === null ? undefined : await ctx.repos.groups.byId(row.target_gid);
    if (row.target_gid !== null && !group) throw notFound("no such message");
    if (!messagePolicy.canArchive(actor, row, group)) throw forbidden("no access to this message");
    if (!ARCHIVABLE.has(currentContent(row).content_type)) throw badRequest("this kind of message cannot be archived");
    rows.push(row);
  }
  return rows;
}

/**
 * Copies one object, streamed, hashing it on the way; null when the source does not exist (an
 * expired file, a user without an avatar).
 */
async function copyObject(store: BlobStore, from: string, to: string): Promise<{ size: number; hash: string } | null> {
  const source = await store.get(from);
  if (!source) return null;
  const hash = createHash("sha256");
  let size = 0;
  async function* tapped(): AsyncGenerator<Buffer> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }
  await store.put(to, Readable.from(tapped()));
  return { size, hash: hash.digest("hex") };
}

/**
 * Builds the `Archive` (docs/API.md "Archives") of checked messages: senders deduplicated, each
 * with their avatar as an attachment; a `vocechat/file` message with its file and thumbnail as
 * attachments. The bytes are **copied** under `prefix`, so the snapshot survives the originals
 * (expiry, "delete all files", a new avatar). Attachments are numbered as VoceChat numbers them (a
 * sender's avatar when the sender first appears, then the file, then its thumbnail); an object
 * referenced twice is copied once. A file that has expired (or whose bytes are gone) leaves
 * `file_id` and `thumbnail_id` null, the message and its properties stay.
 */
async function snapshot(ctx: AppContext, actor: TokenClaims, rows: readonly MessageRow[], prefix: string): Promise<Snapshot> {
  const archive: Archive = { users: [], messages: [], num_attachments: 0 };
  const attachments: ArchiveAttachment[] = [];
  const copied = new Map<string, number | null>();
  const attach = async (from: string, meta: { content_type: string; filename: string | null }): Promise<number | null> => {
    const known = copied.get(from);
    if (known !== undefined) return known;
    const index = attachments.length;
    const stat = await copyObject(ctx.storage, from, attachmentKey(prefix, index));
    if (stat) attachments.push({ ...meta, ...stat });
    copied.set(from, stat ? index : null);
    return stat ? index : null;
  };

  const cutoff = await currentExpiryCutoff(ctx);
  const userIndex = new Map<Uid, number>();
  for (const row of rows) {
    let fromUser = userIndex.get(row.from_uid);
    if (fromUser === undefined) {
      const user = await ctx.repos.users.byId(row.from_uid);
      const avatar = user && user.avatar_updated_at > 0 ? await attach(avatarKey(user.uid), { content_type: "image/png", filename: null }) : null;
      archive.users.push({ name: user?.name ?? "Deleted User", avatar });
      fromUser = archive.users.length - 1;
      userIndex.set(row.from_uid, fromUser);
    }
    const current = currentContent(row);
    let files: { file_id: number | null; thumbnail_id: number | null } | null = null;
    if (current.content_type === ContentType.file) {
      files = { file_id: null, thumbnail_id: null };
      const file = isFilePath(current.content) ? await ctx.repos.files.byPath(current.content) : undefined;
      if (file && !isExpired(file, cutoff)) {
        files.file_id = await attach(fileKey(file.path), { content_type: file.content_type, filename: file.filename });
        if (files.file_id !== null && file.thumbnail_type) {
          files.thumbnail_id = await attach(thumbnailKey(file.path), { content_type: file.thumbnail_type, filename: file.filename });
        }
      }
    }
    archive.messages.push(presentArchiveMessage(actor.uid, row, fromUser, files));
  }
  archive.num_attachments = attachments.length;
  return { archive, attachments };
}

/** Runs `write` with the snapshot; when anything fails, the copied attachments are removed. */
export async function withSnapshot<T>(
  ctx: AppContext,
  actor: TokenClaims,
  rows: readonly MessageRow[],
  prefix: string,
  write: (snap: Snapshot) => Promise<T>,
): Promise<T> {
  let committed = false;
  try {
    const result = await write(await snapshot(ctx, actor, rows, prefix));
    committed = true;
    return result;
  } finally {
    if (!committed) await ctx.storage.delete(prefix).catch(() => undefined);
  }
}

/** VoceChat's archive path: `Y/M/D/<uuid>`, month and day not zero-padded (UTC). */
function archivePath(now: Date): string {
  return `${now.getUTCFullYear()}/${now.getUTCMonth() + 1}/${now.getUTCDate()}/${randomUUID()}`;
}

/** `POST /resource/archive`: stores the archive with its attachments and answers its path, which a forward sends. */
export async function createArchive(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<string> {
  const rows = await archivableMessages(ctx, actor, mids);
  const now = Date.now();
  const path = archivePath(new Date(now));
  await withSnapshot(ctx, actor, rows, archivePrefix(path), async ({ archive, attachments }) => {
    await ctx.db
      .insertInto("archives")
      .values({ path, created_by: actor.uid, created_at: now, body: JSON.stringify(archive), attachments: JSON.stringify(attachments) })
      .execute();
  });
  return path;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * An archive that can be served: it exists and is not past the admin's `max_file_expiry_mode`
 * (archives expire with the files, as in VoceChat, by their own creation time).
 */
export async function liveArchive(ctx: AppContext, path: string): Promise<ArchiveRow | null> {
  const row = await ctx.repos.messages.archive(path);
  if (!row || isExpired({ created_at: row.created_at, deleted_at: null }, await currentExpiryCutoff(ctx))) return null;
  return row;
}

export function attachmentOf(row: { attachments: string; created_at: number }, prefix: string, index: number): StoredAttachment | null {
  const list = JSON.parse(row.attachments) as ArchiveAttachment[];
  const meta = Number.isSafeInteger(index) && index >= 0 && index < list.length ? list[index] : undefined;
  return meta ? { ...meta, key: attachmentKey(prefix, index), created_at: row.created_at } : null;
}

/** Attachment `index` of the archive at `path`; null when the archive or the attachment does not exist. */
export async function archiveAttachment(ctx: AppContext, path: string, index: number): Promise<StoredAttachment | null> {
  const row = await liveArchive(ctx, path);
  return row ? attachmentOf(row, archivePrefix(row.path), index) : null;
}


// ---------------------------------------------------------------------------------------------
// Housekeeping
// ---------------------------------------------------------------------------------------------

/**
 * Deletes archives created before `cutoff` (ms) with their attachments, oldest first, in
 * batches; part of the files sweep. Favorites never expire (VoceChat keeps them outside the
 * date-named folders too). Returns how many archives were deleted.
 */
export async function sweepArchives(ctx: AppContext, cutoff: number, batch = 200): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await ctx.db
      .selectFrom("archives")
      .select("path")
      .where("created_at", "<", cutoff)
      .orderBy("created_at")
      .limit(batch)
      .execute();
    for (const { path } of rows) {
      // The bytes first: should the delete fail, the row stays and the next pass retries.
      if (isFilePath(path)) await ctx.storage.delete(archivePrefix(path));
      await ctx.db.deleteFrom("archives").where("path", "=", path).execute();
    }
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
