import type { Insertable, Selectable } from "kysely";
import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { FavoritesTable } from "../db/schema.js";

/** The `favorites` table: a user's saved message snapshots (`/favorite`), each seen only by its owner. */

export type FavoriteRow = Selectable<FavoritesTable>;

export class FavoritesRepo {
  constructor(private readonly db: Db) {}

  /** `uid`'s favorite `id`; another user's favorite is not found. */
  byId(uid: Uid, id: string): Promise<FavoriteRow | undefined> {
    return this.db.selectFrom("favorites").selectAll().where("uid", "=", uid).where("id", "=", id).executeTakeFirst();
  }

  /** `uid`'s favorites, oldest first (`created_at`, then creation order). */
  listOf(uid: Uid): Promise<Pick<FavoriteRow, "id" | "created_at">[]> {
    return this.db.selectFrom("favorites").select(["id", "created_at"]).where("uid", "=", uid).orderBy("created_at").orderBy("seq").execute();
  }
}

/** How many favorites `uid` has (in `db` or a transaction). */
export async function countFavorites(db: Db, uid: Uid): Promise<number> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("uid", "=", uid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFavorite(db: Db, row: Insertable<FavoritesTable>): Promise<void> {
  await db.insertInto("favorites").values(row).execute();
}

/** Deletes `uid`'s favorite `id`; answers whether it existed. */
export async function deleteFavoriteRow(db: Db, uid: Uid, id: string): Promise<boolean> {
  const result = await db.deleteFrom("favorites").where("uid", "=", uid).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
