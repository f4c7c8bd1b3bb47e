import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Users' notification channels (issue 20, docs/API.md "Notification channels"): the channel
 * types an admin turned on or off, and each user's channels (a Telegram chat, a Discord webhook…)
 * with their triggers. A type without a row is off.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);
  await createSerialTable("notification_channel_types", "id")
    .addColumn("channel_type", "text", (c) => c.notNull().unique())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .execute();
  await createSerialTable("notification_channels", "id")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("channel_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    /** The type's fields as JSON, secrets included (never answered in clear). */
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("trigger_on_all_messages", "integer", (c) => c.notNull())
    .addColumn("trigger_on_mentions", "integer", (c) => c.notNull())
    /** JSON array of gids. */
    .addColumn("trigger_on_groups", "text", (c) => c.notNull())
    .addColumn("skip_when_online", "integer", (c) => c.notNull())
    /** Notifications per second this channel may send; null: no limit. */
    .addColumn("rate_limit_rps", "real")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_channels_uid").on("notification_channels").columns(["uid"]).execute();
}
