import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

export type Dialect = "sqlite" | "postgres";
export interface MigrationContext {
  dialect: Dialect;
}

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");
/** `NNN_name.ts`: applied once each, in name order, at start. Never edit one that has shipped. */
const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.(ts|js)$/;

/** Discovers the versioned migrations in `db/migrations/` and hands each the dialect. */
class DirectoryProvider implements MigrationProvider {
  constructor(private readonly ctx: MigrationContext) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
      const match = MIGRATION_FILE.exec(file);
      if (!match) continue;
      const mod = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as MigrationModule;
      migrations[match[1]] = { up: (db: Kysely<unknown>) => mod.up(db, this.ctx) };
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one, so a fresh
  // schema next to an already migrated one would never get its own: name the current schema.
  let migrationTableSchema: string | undefined;
  if (dialect === "postgres") {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
  }
  const migrator = new Migrator({ db, provider: new DirectoryProvider({ dialect }), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
