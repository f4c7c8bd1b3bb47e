import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Bot API keys (issue 18): the `x-api-key` of the `/api/bot` routes. A key is shown once when it
 * is made and stored only as its SHA-256, with its last characters as a hint for the key list.
 * `users.is_public` marks a public bot, which anyone may write to.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);
  await createSerialTable("bot_api_keys", "id")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    /** Hex SHA-256 of the whole key; the key itself is never stored. */
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    /** The key's last characters, so an admin can tell keys apart in the list. */
    .addColumn("key_hint", "text", (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    /** Null: never used. Written at most once a minute per key, not on every request. */
    .addColumn("last_used", big)
    .execute();
  // A name is used once per bot (409 otherwise, as VoceChat).
  await db.schema.createIndex("bot_api_keys_uid_name").on("bot_api_keys").columns(["uid", "name"]).unique().execute();
  await db.schema.alterTable("users").addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0)).execute();
}
