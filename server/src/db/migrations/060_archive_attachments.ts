import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";

/**
 * Attachments of archives and favorites (issue 4): file, thumbnail and avatar bytes copied into
 * the blob store when the snapshot is made (`archive_msgs/Y/M/D/<uuid>/<n>`,
 * `favorite/<uid>/<uuid>/<n>`), so a snapshot outlives the original file.
 *
 * - `attachments`: a JSON array indexed by attachment id, each `{content_type, filename, size,
 *   hash}` (what VoceChat keeps in `attachment/<n>.meta`, plus the size and sha256 that serve
 *   `Content-Length` and `ETag`). Existing (text-only) snapshots have none.
 * - `archives_created`: archives expire with the files (`max_file_expiry_mode`); the sweep
 *   walks them by creation time.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const table of ["archives", "favorites"]) {
    await db.schema
      .alterTable(table)
      .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
  }
  await db.schema.createIndex("archives_created").on("archives").column("created_at").execute();
}
