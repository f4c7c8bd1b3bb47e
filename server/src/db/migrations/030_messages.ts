import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema, createIndexWhereSet } from "./helpers.js";

/**
 * Message operations (issue 3): the current (edited) content of a message, burn-after-reading
 * expiry, archives, favorites and the full-text index.
 *
 * - `edited_content_type`/`edited_content`/`edited_properties` hold the merged content after an
 *   edit (null = never edited); `content` keeps the original, which history shows followed by
 *   the edit reaction, as VoceChat does. Pins, archives and search use the merged content.
 * - `expires_at` (ms) is set for burn-after-reading messages; a partial index on it keeps the
 *   expiry sweep cheap however many messages there are.
 * - Search indexes the current content of text/plain and text/markdown normal and reply
 *   messages: an FTS5 trigram table kept by triggers on SQLite, a pg_trgm GIN expression index
 *   on PostgreSQL. Both are substring matches, so CJK text needs no word segmentation.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);

  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable("messages").addColumn("edited_content_type", "text").execute();
  await db.schema.alterTable("messages").addColumn("edited_content", "text").execute();
  await db.schema.alterTable("messages").addColumn("edited_properties", "text").execute();
  await db.schema.alterTable("messages").addColumn("expires_at", big).execute();

  await createIndexWhereSet(db, "messages_expiry", "messages", ["expires_at"]);
  // Reactions of a message (removed with it) and replies to it.
  await createIndexWhereSet(db, "messages_ref", "messages", ["ref_mid"]);

  await db.schema
    .createTable("archives")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("created_by", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    /** The `Archive` JSON (docs/API.md "Object shapes"). */
    .addColumn("body", "text", (c) => c.notNull())
    .execute();

  await createSerialTable("favorites", "seq")
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("favorites_uid").on("favorites").columns(["uid", "seq"]).execute();

  if (dialect === "postgres") await postgresSearch(db);
  else await sqliteSearch(db);
}

/** What the index covers; the same text appears in the queries of `repos/messages.ts`. */
const SEARCHABLE =
  "kind IN ('normal', 'reply') AND coalesce(edited_content_type, content_type) IN ('text/plain', 'text/markdown')";

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  // A plain FTS5 table (rowid = mid) holding the current text; `secure-delete` removes a
  // deleted message's tokens from the index at once instead of at the next merge.
  await sql`CREATE VIRTUAL TABLE messages_fts USING fts5(content, tokenize = 'trigram')`.execute(db);
  await sql`INSERT INTO messages_fts(messages_fts, rank) VALUES ('secure-delete', 1)`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
       WHEN new.kind IN ('normal', 'reply')
         AND coalesce(new.edited_content_type, new.content_type) IN ('text/plain', 'text/markdown')
       BEGIN
         INSERT INTO messages_fts(rowid, content) VALUES (new.mid, coalesce(new.edited_content, new.content));
       END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER messages_fts_update AFTER UPDATE OF kind, content_type, content, edited_content_type, edited_content ON messages
       BEGIN
         DELETE FROM messages_fts WHERE rowid = old.mid;
         INSERT INTO messages_fts(rowid, content)
           SELECT new.mid, coalesce(new.edited_content, new.content)
           WHERE new.kind IN ('normal', 'reply')
             AND coalesce(new.edited_content_type, new.content_type) IN ('text/plain', 'text/markdown');
       END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
       WHEN old.kind IN ('normal', 'reply')
       BEGIN
         DELETE FROM messages_fts WHERE rowid = old.mid;
       END`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO messages_fts(rowid, content)
       SELECT mid, coalesce(edited_content, content) FROM messages WHERE ${SEARCHABLE}`,
    )
    .execute(db);
}

/** Serializes the one-time `CREATE EXTENSION` of concurrent first starts (e.g. parallel tests). */
const TRGM_LOCK = 7_270_030;

async function trgmSchema(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema ?? null;
}

/** Runs `statement` in a savepoint so a failure (e.g. no privilege) leaves the migration usable. */
async function attempt(db: Kysely<unknown>, statement: string): Promise<boolean> {
  await sql`SAVEPOINT parley_trgm`.execute(db);
  try {
    await sql.raw(statement).execute(db);
    await sql`RELEASE SAVEPOINT parley_trgm`.execute(db);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT parley_trgm`.execute(db);
    return false;
  }
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  // pg_trgm goes to `public`, not to this server's schema: an extension is database-wide, and
  // dropping the schema holding it would drop every trigram index of every other schema.
  let schema = await trgmSchema(db);
  if (!schema) {
    await sql`SELECT pg_advisory_xact_lock(${TRGM_LOCK})`.execute(db);
    schema = await trgmSchema(db);
    if (!schema) {
      const created =
        (await attempt(db, "CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public")) ||
        (await attempt(db, "CREATE EXTENSION IF NOT EXISTS pg_trgm"));
      schema = created ? await trgmSchema(db) : null;
    }
  }
  // Without the extension ILIKE still answers, just without an index.
  if (!schema) return;
  const opclass = `"${schema.replaceAll('"', '""')}".gin_trgm_ops`;
  await sql
    .raw(`CREATE INDEX messages_search ON messages USING gin ((coalesce(edited_content, content)) ${opclass}) WHERE ${SEARCHABLE}`)
    .execute(db);
}
