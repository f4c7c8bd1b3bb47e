import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Per-user settings and contacts (docs/API.md "Users"): mutes, read indexes,
 * burn-after-reading, pinned chats, contacts with block and remark, and the account's e-mail
 * notification switch. A chat setting names its target as (`kind`, `target_id`): kind "user"
 * for a DM peer's uid, "group" for a gid.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big } = dialectSchema(db, dialect);

  await db.schema
    .alterTable("users")
    .addColumn("msg_smtp_notify_enable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // The four chat settings: one value per (user, chat), the chat as (`kind`, `target_id`).
  const chatSettings: [table: string, value: string, required: boolean][] = [
    ["user_mutes", "expired_at", false],
    ["user_read_indexes", "mid", true],
    ["user_burn_after_reading", "expires_in", true],
    ["user_pinned_chats", "updated_at", true],
  ];
  for (const [table, value, required] of chatSettings) {
    await db.schema
      .createTable(table)
      .addColumn("uid", big, (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("target_id", big, (c) => c.notNull())
      .addColumn(value, big, (c) => (required ? c.notNull() : c))
      .addPrimaryKeyConstraint(`${table}_pk`, ["uid", "kind", "target_id"])
      .execute();
  }

  await db.schema
    .createTable("user_contacts")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("target_uid", big, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("remark", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("user_contacts_pk", ["uid", "target_uid"])
    .execute();

  // Settings that point at a user or group are removed when the target is deleted.
  for (const [table] of chatSettings) {
    await db.schema.createIndex(`${table}_target`).on(table).columns(["kind", "target_id"]).execute();
  }
  await db.schema.createIndex("user_contacts_target").on("user_contacts").column("target_uid").execute();
}
