import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Durable webhooks (issue 18): the outbox of deliveries to bots' `webhook_url`, written in the
 * transaction of the message it carries and sent by the webhook worker (server/src/webhooks/),
 * and each bot's signing secret.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);
  await createSerialTable("webhook_outbox", "id")
    /** The bot it goes to; its `webhook_url` is read when it is sent (an admin may fix a broken one). */
    .addColumn("bot_uid", big, (c) => c.notNull())
    .addColumn("mid", big, (c) => c.notNull())
    /** The JSON body, exactly as it is POSTed. */
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** Null once delivered or given up. */
    .addColumn("next_attempt_at", big)
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("delivered_at", big)
    .execute();
  // The worker's scan: what is due, oldest first (delivered and given-up rows have no due time).
  await db.schema.createIndex("webhook_outbox_due").on("webhook_outbox").columns(["next_attempt_at"]).execute();
  // The admin page: a bot's newest deliveries.
  await db.schema.createIndex("webhook_outbox_bot").on("webhook_outbox").columns(["bot_uid", "id"]).execute();
  await db.schema
    .createTable("webhook_secrets")
    .addColumn("uid", big, (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();
}
