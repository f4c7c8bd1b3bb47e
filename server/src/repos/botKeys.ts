import type { Insertable, Selectable } from "kysely";
import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { BotApiKeysTable } from "../db/schema.js";

/** The `bot_api_keys` table: the keys of the `/api/bot` routes, stored as their SHA-256 (docs/API.md "Bots"). */

export type BotKeyRow = Selectable<BotApiKeysTable>;

/** A key found by its hash, with what the guard needs of its bot. */
export interface BotKeyOwner {
  id: number;
  uid: Uid;
  last_used: number | null;
}

export class BotKeysRepo {
  constructor(private readonly db: Db) {}

  /** `uid`'s keys, oldest first. */
  listOf(uid: Uid): Promise<BotKeyRow[]> {
    return this.db.selectFrom("bot_api_keys").selectAll().where("uid", "=", uid).orderBy("id").execute();
  }

  /**
   * The key with this hash, if its owner is still a bot that may act: a deleted account (its
   * row is gone) or a frozen one (`status`) no longer matches, so its keys stop working at once.
   */
  usableByHash(keyHash: string): Promise<BotKeyOwner | undefined> {
    return this.db
      .selectFrom("bot_api_keys")
      .innerJoin("users", "users.uid", "bot_api_keys.uid")
      .select(["bot_api_keys.id", "bot_api_keys.uid", "bot_api_keys.last_used"])
      .where("bot_api_keys.key_hash", "=", keyHash)
      .where("users.is_bot", "=", 1)
      .where("users.status", "=", "normal")
      .executeTakeFirst();
  }
}

/** Stores a new key; answers its row. A name already used by this bot fails the unique index. */
export function insertBotKey(db: Db, row: Insertable<BotApiKeysTable>): Promise<BotKeyRow> {
  return db.insertInto("bot_api_keys").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Whether `uid` already has a key called `name`. */
export async function botKeyNameTaken(db: Db, uid: Uid, name: string): Promise<boolean> {
  const row = await db.selectFrom("bot_api_keys").select("id").where("uid", "=", uid).where("name", "=", name).executeTakeFirst();
  return row !== undefined;
}

/** Deletes `uid`'s key `id`; answers the deleted row (undefined: no such key of that bot). */
export function deleteBotKey(db: Db, uid: Uid, id: number): Promise<BotKeyRow | undefined> {
  return db.deleteFrom("bot_api_keys").where("uid", "=", uid).where("id", "=", id).returningAll().executeTakeFirst();
}

/**
 * Notes that key `id` was used at `now`, unless it was noted less than `minIntervalMs` ago: the
 * condition is in the update, so several requests (or nodes) at once write it once.
 */
export async function touchBotKey(db: Db, id: number, now: number, minIntervalMs: number): Promise<void> {
  await db
    .updateTable("bot_api_keys")
    .set({ last_used: now })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used", "is", null), eb("last_used", "<=", now - minIntervalMs)]))
    .execute();
}
