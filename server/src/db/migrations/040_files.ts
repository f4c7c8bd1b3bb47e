import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Files (issue 4): finished uploads and uploads in progress. The bytes live in the blob store
 * (`storage/`); these rows hold what every node must agree on.
 *
 * - `files`: one row per finished upload, keyed by its path `Y/M/D/<uuid>`. The row stays when
 *   the bytes are deleted (expiry, "delete all files"): `deleted_at` is set, so file messages
 *   still list with `expired: true` in the admin files page.
 * - `file_uploads`: an upload between `prepare` and its last chunk. `chunks` is the sequence
 *   that names chunk objects (taken atomically, so any node can accept the next chunk); `size`
 *   is the bytes accepted so far; rows untouched for 300 s are swept with their chunks.
 * - A partial index over file and audio messages serves the admin files page.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big } = dialectSchema(db, dialect);
  // Who uploads a file and its declared type and name: an upload's become its file's when the
  // last chunk arrives (commands/files.ts), so both tables take them from here.
  const declared = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table
      .addColumn("uid", big, (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("filename", "text");

  await db.schema
    .createTable("files")
    .addColumn("path", "text", (c) => c.primaryKey())
    .$call(declared)
    .addColumn("size", big, (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("thumbnail_type", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("deleted_at", big)
    .execute();
  await db.schema
    .createIndex("files_live_created")
    .on("files")
    .column("created_at")
    .where(sql.ref("deleted_at"), "is", null)
    .execute();

  await db.schema
    .createTable("file_uploads")
    .addColumn("file_id", "text", (c) => c.primaryKey())
    .$call(declared)
    .addColumn("size", big, (c) => c.notNull().defaultTo(0))
    .addColumn("chunks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("updated_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("file_uploads_updated").on("file_uploads").column("updated_at").execute();

  await db.schema
    .createIndex("messages_files")
    .on("messages")
    .column("mid")
    .where(sql<boolean>`content_type IN ('vocechat/file', 'vocechat/audio')`)
    .execute();
}
