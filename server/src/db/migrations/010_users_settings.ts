import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";

/**
 * Per-user settings and contacts (docs/API.md "Users"): mutes, read indexes,
 * burn-after-reading, pinned chats, contacts with block and remark, and the account's e-mail
 * notification switch. A chat setting names its target as (`kind`, `target_id`): kind "user"
 * for a DM peer's uid, "group" for a gid.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const big = dialect === "postgres" ? "bigint" : "integer";

  await db.schema
    .alterTable("users")
    .addColumn("msg_smtp_notify_enable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("user_mutes")
    .addColumn("uid", sql.raw(big), (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", sql.raw(big), (c) => c.notNull())
    .addColumn("expired_at", sql.raw(big))
    .addPrimaryKeyConstraint("user_mutes_pk", ["uid", "kind", "target_id"])
    .execute();

  await db.schema
    .createTable("user_read_indexes")
    .addColumn("uid", sql.raw(big), (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", sql.raw(big), (c) => c.notNull())
    .addColumn("mid", sql.raw(big), (c) => c.notNull())
    .addPrimaryKeyConstraint("user_read_indexes_pk", ["uid", "kind", "target_id"])
    .execute();

  await db.schema
    .createTable("user_burn_after_reading")
    .addColumn("uid", sql.raw(big), (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", sql.raw(big), (c) => c.notNull())
    .addColumn("expires_in", sql.raw(big), (c) => c.notNull())
    .addPrimaryKeyConstraint("user_burn_after_reading_pk", ["uid", "kind", "target_id"])
    .execute();

  await db.schema
    .createTable("user_pinned_chats")
    .addColumn("uid", sql.raw(big), (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", sql.raw(big), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(big), (c) => c.notNull())
    .addPrimaryKeyConstraint("user_pinned_chats_pk", ["uid", "kind", "target_id"])
    .execute();

  await db.schema
    .createTable("user_contacts")
    .addColumn("uid", sql.raw(big), (c) => c.notNull())
    .addColumn("target_uid", sql.raw(big), (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("remark", "text")
    .addColumn("created_at", sql.raw(big), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(big), (c) => c.notNull())
    .addPrimaryKeyConstraint("user_contacts_pk", ["uid", "target_uid"])
    .execute();

  // Settings that point at a user or group are removed when the target is deleted.
  for (const table of ["user_mutes", "user_read_indexes", "user_burn_after_reading", "user_pinned_chats"]) {
    await db.schema.createIndex(`${table}_target`).on(table).columns(["kind", "target_id"]).execute();
  }
  await db.schema.createIndex("user_contacts_target").on("user_contacts").column("target_uid").execute();
}
