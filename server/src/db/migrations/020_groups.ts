import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";

/** Channels: pinned messages, announcements and persisted invite links. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const big = dialect === "postgres" ? "bigint" : "integer";

  // One row per pin. The content is a copy of the message's current (edited) content, refreshed
  // when the message is edited and removed when it is deleted (commands/pins.ts).
  await db.schema
    .createTable("pinned_messages")
    .addColumn("gid", sql.raw(big), (c) => c.notNull())
    .addColumn("mid", sql.raw(big), (c) => c.notNull())
    .addColumn("created_by", sql.raw(big), (c) => c.notNull())
    .addColumn("created_at", sql.raw(big), (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("properties", "text")
    .addPrimaryKeyConstraint("pinned_messages_pk", ["gid", "mid"])
    .execute();
  await db.schema.createIndex("pinned_messages_mid").on("pinned_messages").column("mid").execute();

  await db.schema
    .createTable("group_announcements")
    .addColumn("gid", sql.raw(big), (c) => c.primaryKey())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_by", sql.raw(big), (c) => c.notNull())
    .addColumn("created_at", sql.raw(big), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(big), (c) => c.notNull())
    .execute();

  // Invite links survive a restart. Only the SHA-256 of the token is stored.
  await db.schema
    .createTable("invite_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("gid", sql.raw(big))
    .addColumn("created_by", sql.raw(big), (c) => c.notNull())
    .addColumn("created_at", sql.raw(big), (c) => c.notNull())
    .addColumn("expires_at", sql.raw(big), (c) => c.notNull())
    .addColumn("remaining", sql.raw(big), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invite_links_gid").on("invite_links").column("gid").execute();
}
