import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import type { PoolConfig } from "pg";
import { parse as parseConnectionString } from "pg-connection-string";
import { SchemaScopedPostgresDialect } from "./introspector.js";
import type { Config } from "../config.js";
import { migrateToLatest, type Dialect } from "./migrate.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;
export interface OpenedDb {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Prepared statements kept per SQL text: the server issues a few hundred distinct ones. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `prepare` for every query, and compiling SQL costs more than
 * running most of ours. The queries are built from a fixed set of shapes, so the prepared
 * statement of each SQL text is kept and reused (the driver never iterates a statement, the
 * only use that would make sharing one unsafe). Bounded: the oldest is dropped past the limit.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void file.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        stmt = file.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

/** A PostgreSQL pool's live counts (pg's `Pool` getters), read by the metrics (docs/OPERATIONS.md "Monitoring"). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** Each PostgreSQL database's pool: Kysely keeps it private, and SQLite has none. */
const pools = new WeakMap<Db, PoolStats>();

/** The connection pool under `db`; null on SQLite. */
export function poolStatsOf(db: Db): PoolStats | null {
  return pools.get(db) ?? null;
}

/**
 * pg's settings for `DATABASE_URL`, with `DATABASE_SCHEMA` as the search path. Parsed here as pg
 * parses it, because pg lets a URL's own `options` (`?options=-c%20statement_timeout%3D5000`)
 * replace the pool's: given both, the search path was dropped and the server ran in `public`.
 */
export function pgConnection(databaseUrl: string, schema: string | null): PoolConfig {
  const parsed = parseConnectionString(databaseUrl);
  const options = [parsed.options, schema ? `-c search_path=${schema}` : null].filter(Boolean).join(" ");
  return { ...parsed, ...(options ? { options } : {}) } as PoolConfig;
}

/** Opens the configured database (SQLite file by default, PostgreSQL for `postgres://` URLs) and migrates it. */
export async function openDatabase(config: Pick<Config, "dataDir" | "databaseUrl" | "databaseSchema">): Promise<OpenedDb> {
  let db: Db;
  let dialect: Dialect;
  if (config.databaseUrl) {
    dialect = "postgres";
    const schema = config.databaseSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error("invalid DATABASE_SCHEMA");
    // pg is loaded only for PostgreSQL: the SQLite default does not carry it.
    const { default: pg } = await import("pg");
    // int8 columns come back from pg as strings; every id and timestamp here fits in a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ ...pgConnection(config.databaseUrl, schema), max: 10 });
    if (schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        client.release();
      }
    }
    db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }) });
    pools.set(db, pool);
  } else {
    dialect = "sqlite";
    fs.mkdirSync(config.dataDir, { recursive: true });
    const file = new SQLite(path.join(config.dataDir, "db.sqlite"));
    file.pragma("journal_mode = WAL");
    file.pragma("synchronous = NORMAL");
    file.pragma("foreign_keys = ON");
    file.pragma("busy_timeout = 5000");
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  }
  await migrateToLatest(db as Kysely<unknown>, dialect);
  return { db, dialect, close: () => db.destroy() };
}
