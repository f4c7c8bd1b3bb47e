import { randomUUID } from "node:crypto";
import { ContentType, MAX_FAVORITE_ARCHIVES, type Archive, type FavoriteArchive, type Mid, type Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { HttpError, badRequest, forbidden, notFound } from "../http/errors.js";
import { messagePolicy } from "../policies/messages.js";
import { presentArchiveMessage } from "../presenters/messages.js";
import { currentContent, hasContent } from "../repos/messages.js";

/** Archivable kinds today; files join with the files work (contract §6.4 also allows vocechat/file). */
const ARCHIVABLE: ReadonlySet<string> = new Set([ContentType.text, ContentType.markdown]);

/**
 * Snapshots the current (merged) content of `mids` as an `Archive` (contract §4, §6.4), in mid
 * order, senders deduplicated. Per message, in VoceChat's order: 404 unknown (or deleted, or
 * a reaction, which has no content), 403 not readable by the actor (admins may archive any
 * message), 400 a kind that cannot be archived.
 */
export async function buildArchive(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<Archive> {
  const archive: Archive = { users: [], messages: [], num_attachments: 0 };
  const userIndex = new Map<Uid, number>();
  for (const mid of [...new Set(mids)].sort((a, b) => a - b)) {
    const row = await ctx.repos.messages.byId(mid);
    if (!row || !hasContent(row)) throw notFound("no such message");
    const group = row.target_gid === null ? undefined : await ctx.repos.groups.byId(row.target_gid);
    if (row.target_gid !== null && !group) throw notFound("no such message");
    if (!messagePolicy.canArchive(actor, row, group)) throw forbidden("no access to this message");
    if (!ARCHIVABLE.has(currentContent(row).content_type)) throw badRequest("this kind of message cannot be archived");
    let index = userIndex.get(row.from_uid);
    if (index === undefined) {
      const user = await ctx.repos.users.byId(row.from_uid);
      // Avatars become attachments with the files work; until then there are none.
      archive.users.push({ name: user?.name ?? "Deleted User", avatar: null });
      index = archive.users.length - 1;
      userIndex.set(row.from_uid, index);
    }
    archive.messages.push(presentArchiveMessage(actor.uid, row, index));
  }
  return archive;
}

/** VoceChat's archive path: `Y/M/D/<uuid>`, month and day not zero-padded (UTC). */
function archivePath(now: Date): string {
  return `${now.getUTCFullYear()}/${now.getUTCMonth() + 1}/${now.getUTCDate()}/${randomUUID()}`;
}

/** `POST /resource/archive`: stores the archive and answers its path, which a forward sends. */
export async function createArchive(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<string> {
  const archive = await buildArchive(ctx, actor, mids);
  const now = Date.now();
  const path = archivePath(new Date(now));
  await ctx.db
    .insertInto("archives")
    .values({ path, created_by: actor.uid, created_at: now, body: JSON.stringify(archive) })
    .execute();
  return path;
}

/**
 * `POST /favorite`: saves a snapshot of the messages for the actor. At most
 * `MAX_FAVORITE_ARCHIVES` per user (429); VoceChat's count query lost its uid binding so the
 * limit never triggered there. The count and the insert are serialized per user.
 */
export async function createFavorite(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<FavoriteArchive> {
  const archive = await buildArchive(ctx, actor, mids);
  const favorite = { id: randomUUID(), created_at: Date.now() };
  await ctx.db.transaction().execute(async (tx) => {
    if (ctx.dialect === "postgres") {
      await tx.selectFrom("users").select("uid").where("uid", "=", actor.uid).forUpdate().execute();
    }
    const row = await tx
      .selectFrom("favorites")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("uid", "=", actor.uid)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= MAX_FAVORITE_ARCHIVES) throw new HttpError(429, "too many favorites");
    await tx
      .insertInto("favorites")
      .values({ id: favorite.id, uid: actor.uid, created_at: favorite.created_at, body: JSON.stringify(archive) })
      .execute();
  });
  return favorite;
}

/** `DELETE /favorite/{id}`: only the owner's own favorites exist for them (404 otherwise). */
export async function deleteFavorite(ctx: AppContext, actor: TokenClaims, id: string): Promise<void> {
  const result = await ctx.db.deleteFrom("favorites").where("uid", "=", actor.uid).where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("no such favorite");
}
