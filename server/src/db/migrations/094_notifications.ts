import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Notifications (issue 20; docs/NOTIFICATIONS.md): the per-message outbox written in the
 * message's transaction, the per-recipient, per-path queue the worker expands it into, and the
 * browsers' Web Push subscriptions.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);
  /** One row per new message (normal or reply): who is told is decided by the worker, not the send. */
  await createSerialTable("notify_outbox", "id")
    .addColumn("mid", big, (c) => c.notNull())
    /** A claim by an expanding pass runs out at this time (null: free). */
    .addColumn("claimed_until", big)
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();
  /** One row per (recipient, message, path). */
  await createSerialTable("notify_queue", "id")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("mid", big, (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    /** When the path fires (or retries); null once finished. */
    .addColumn("due_at", big)
    /** A pass's claim runs out at this time (null: free). */
    .addColumn("claimed_until", big)
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** sent | skipped | read | failed (given up); null while pending. */
    .addColumn("outcome", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("finished_at", big)
    .execute();
  // Never twice for the same path: a re-expanded outbox row (a pass that died) adds nothing.
  await db.schema.createIndex("notify_queue_once").on("notify_queue").columns(["mid", "uid", "path"]).unique().execute();
  await db.schema.createIndex("notify_queue_due").on("notify_queue").columns(["due_at"]).execute();
  // The digest: a user's pending mails.
  await db.schema.createIndex("notify_queue_user").on("notify_queue").columns(["uid", "path", "due_at"]).execute();
  await createSerialTable("push_subscriptions", "id")
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("device", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_uid").on("push_subscriptions").columns(["uid"]).execute();
}
