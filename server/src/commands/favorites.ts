import { randomUUID } from "node:crypto";
import { MAX_FAVORITE_ARCHIVES, type FavoriteArchive, type Mid, type Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { HttpError, notFound } from "../http/errors.js";
import { countFavorites, deleteFavoriteRow, insertFavorite } from "../repos/favorites.js";
import { favoritePrefix } from "../storage/layout.js";
import { archivableMessages, attachmentOf, withSnapshot, type StoredAttachment } from "./archives.js";

/**
 * Favorites (`/favorite`, docs/API.md "Favorites"): a user's saved snapshots of messages, made
 * like an archive (the same snapshot, with copies of the attachments) but owned by one user.
 */

const tooManyFavorites = () => new HttpError(429, "too many favorites");

/**
 * `POST /favorite`: saves a snapshot of the messages, with copies of their attachments, for the
 * actor. At most `MAX_FAVORITE_ARCHIVES` per user (429); VoceChat's count query lost its uid
 * binding so the limit never triggered there. The limit is checked before anything is copied
 * and again, serialized per user, with the insert.
 */
export async function createFavorite(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<FavoriteArchive> {
  const rows = await archivableMessages(ctx, actor, mids);
  if ((await countFavorites(ctx.db, actor.uid)) >= MAX_FAVORITE_ARCHIVES) throw tooManyFavorites();
  const favorite = { id: randomUUID(), created_at: Date.now() };
  await withSnapshot(ctx, actor, rows, favoritePrefix(actor.uid, favorite.id), ({ archive, attachments }) =>
    ctx.db.transaction().execute(async (tx) => {
      if (ctx.dialect === "postgres") {
        await tx.selectFrom("users").select("uid").where("uid", "=", actor.uid).forUpdate().execute();
      }
      if ((await countFavorites(tx, actor.uid)) >= MAX_FAVORITE_ARCHIVES) throw tooManyFavorites();
      await insertFavorite(tx, {
          id: favorite.id,
          uid: actor.uid,
          created_at: favorite.created_at,
          body: JSON.stringify(archive),
          attachments: JSON.stringify(attachments),
        });
    }),
  );
  return favorite;
}

/** `DELETE /favorite/{id}`: only the owner's own favorites exist for them (404 otherwise); its attachments go too. */
export async function deleteFavorite(ctx: AppContext, actor: TokenClaims, id: string): Promise<void> {
  if (!(await deleteFavoriteRow(ctx.db, actor.uid, id))) throw notFound("no such favorite");
  await ctx.storage.delete(favoritePrefix(actor.uid, id)).catch(() => undefined);
}

/** Attachment `index` of favorite `id` of user `uid`; null when either does not exist. */
export async function favoriteAttachment(ctx: AppContext, uid: Uid, id: string, index: number): Promise<StoredAttachment | null> {
  const row = await ctx.repos.favorites.byId(uid, id);
  return row ? attachmentOf(row, favoritePrefix(row.uid, row.id), index) : null;
}
