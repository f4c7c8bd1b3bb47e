import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/** The foundation tables: config, users and their log, devices, tokens, groups, messages. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  // Integer ids are autoincrement on SQLite (never reused, so mids strictly increase) and
  // bigserial on PostgreSQL. Millisecond timestamps need 64 bits on PostgreSQL.
  const { big, createSerialTable } = dialectSchema(db, dialect);

  await db.schema
    .createTable("config")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await createSerialTable("users", "uid")
    .addColumn("email", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("gender", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en-US"))
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_bot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("create_by", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("normal"))
    .addColumn("webhook_url", "text")
    .addColumn("avatar_updated_at", big, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_email").unique().on("users").column("email").execute();
  await db.schema.createIndex("users_name").unique().on("users").column("name").execute();

  await createSerialTable("user_log", "log_id")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("name", "text")
    .addColumn("gender", "integer")
    .addColumn("language", "text")
    .addColumn("is_admin", "integer")
    .addColumn("is_bot", "integer")
    .addColumn("avatar_updated_at", big)
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("devices")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("device_token", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("devices_pk", ["uid", "device"])
    .execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("refresh_tokens_pk", ["uid", "device"])
    .execute();

  await createSerialTable("groups", "gid")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("owner", big)
    .addColumn("is_public", "integer", (c) => c.notNull())
    .addColumn("avatar_updated_at", big, (c) => c.notNull().defaultTo(0))
    .addColumn("show_email", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("add_friend", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("dm_to_member", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("only_owner_can_send_msg", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ext_setting", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("group_members")
    .addColumn("gid", big, (c) => c.notNull())
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("group_members_pk", ["gid", "uid"])
    .execute();
  await db.schema.createIndex("group_members_uid").on("group_members").columns(["uid", "gid"]).execute();

  await createSerialTable("messages", "mid")
    .addColumn("from_uid", big, (c) => c.notNull())
    .addColumn("target_uid", big)
    .addColumn("target_gid", big)
    .addColumn("dm_low", big)
    .addColumn("dm_high", big)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ref_mid", big)
    .addColumn("content_type", "text")
    .addColumn("content", "text")
    .addColumn("properties", "text")
    .addColumn("expires_in", big)
    .addColumn("reaction", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messages_group").on("messages").columns(["target_gid", "mid"]).execute();
  await db.schema.createIndex("messages_dm").on("messages").columns(["dm_low", "dm_high", "mid"]).execute();
  await db.schema.createIndex("messages_dm_high").on("messages").columns(["dm_high", "mid"]).execute();
}
