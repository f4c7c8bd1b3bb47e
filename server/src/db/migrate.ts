import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as m001 from "./migrations/001_initial.js";

export type Dialect = "sqlite" | "postgres";
export interface MigrationContext {
  dialect: Dialect;
}

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Versioned migrations, applied in name order at start; add new ones at the end of this list. */
const MIGRATIONS: Record<string, MigrationModule> = {
  "001_initial": m001,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly ctx: MigrationContext) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, mod]) => [name, { up: (db: Kysely<unknown>) => mod.up(db, this.ctx) }]),
    );
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
  const migrator = new Migrator({ db, provider: new StaticProvider({ dialect }), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
