import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * The audit log (issue 14): who did what and when, for every admin action and security event.
 * Rows are only ever inserted — no route updates or deletes them — and each is written in the
 * transaction of the change it records where that change is transactional.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);
  await createSerialTable("audit_log", "id")
    .addColumn("created_at", big, (c) => c.notNull())
    /** Null: nobody signed in (a refused login, the command line). */
    .addColumn("actor_uid", big)
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_uid", big)
    .addColumn("target_gid", big)
    /** JSON: what changed (names of settings, never their secret values). */
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .execute();
  // The admin page filters by action prefix and pages by id.
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "id"]).execute();
}
