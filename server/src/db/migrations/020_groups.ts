import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/** Channels: pinned messages, announcements and persisted invite links. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big } = dialectSchema(db, dialect);

  // One row per pin. The content is a copy of the message's current (edited) content, refreshed
  // when the message is edited and removed when it is deleted (commands/pins.ts).
  await db.schema
    .createTable("pinned_messages")
    .addColumn("gid", big, (c) => c.notNull())
    .addColumn("mid", big, (c) => c.notNull())
    .addColumn("created_by", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("properties", "text")
    .addPrimaryKeyConstraint("pinned_messages_pk", ["gid", "mid"])
    .execute();
  await db.schema.createIndex("pinned_messages_mid").on("pinned_messages").column("mid").execute();

  await db.schema
    .createTable("group_announcements")
    .addColumn("gid", big, (c) => c.primaryKey())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_by", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .execute();

  // Invite links survive a restart. Only the SHA-256 of the token is stored.
  await db.schema
    .createTable("invite_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("gid", big)
    .addColumn("created_by", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("expires_at", big, (c) => c.notNull())
    .addColumn("remaining", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invite_links_gid").on("invite_links").column("gid").execute();
}
