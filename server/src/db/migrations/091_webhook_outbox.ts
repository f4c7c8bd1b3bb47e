import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";

/**
 * Durable webhooks (issue 18): the outbox of deliveries to bots' `webhook_url`, written in the
 * transaction of the message it carries and sent by the webhook worker (server/src/webhooks/),
 * and each bot's signing secret.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const pg = dialect === "postgres";
  const big = pg ? "bigint" : "integer";
  await db.schema
    .createTable("webhook_outbox")
    .addColumn("id", sql.raw(pg ? "bigserial" : "integer"), (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    /** The bot it goes to; its `webhook_url` is read when it is sent (an admin may fix a broken one). */
    .addColumn("bot_uid", sql.raw(big), (c) => c.notNull())
    .addColumn("mid", sql.raw(big), (c) => c.notNull())
    /** The JSON body, exactly as it is POSTed. */
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** Null once delivered or given up. */
    .addColumn("next_attempt_at", sql.raw(big))
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", sql.raw(big), (c) => c.notNull())
    .addColumn("delivered_at", sql.raw(big))
    .execute();
  // The worker's scan: what is due, oldest first (delivered and given-up rows have no due time).
  await db.schema.createIndex("webhook_outbox_due").on("webhook_outbox").columns(["next_attempt_at"]).execute();
  // The admin page: a bot's newest deliveries.
  await db.schema.createIndex("webhook_outbox_bot").on("webhook_outbox").columns(["bot_uid", "id"]).execute();
  await db.schema
    .createTable("webhook_secrets")
    .addColumn("uid", sql.raw(big), (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(big), (c) => c.notNull())
    .execute();
}
