import { sql, type Kysely } from "kysely";
import type { Dialect } from "../migrate.js";

/*
 * What the migrations share. The migrator runs only `NNN_name.ts` files, so this module is not a
 * migration. A migration that has shipped must keep producing the same SQL: what these helpers
 * emit is exactly what the migrations spelled out before they used them, and changing it would
 * change only new databases, never the ones already migrated.
 */

/**
 * The parts of a table that depend on the dialect (docs/ARCHITECTURE.md "Storage"): millisecond
 * timestamps and row ids need 64 bits, which SQLite's `integer` already is and PostgreSQL's is not.
 */
export function dialectSchema(db: Kysely<unknown>, dialect: Dialect) {
  const pg = dialect === "postgres";
  return {
    /** 64-bit integers: timestamps in ms and references to other rows' ids. */
    big: sql.raw(pg ? "bigint" : "integer"),
    /**
     * `createTable(table)` whose first column is the integer key `key` that the database assigns
     * and never reuses (so ids, mids among them, strictly increase): AUTOINCREMENT on SQLite,
     * bigserial on PostgreSQL.
     */
    createSerialTable: (table: string, key: string) =>
      db.schema
        .createTable(table)
        .addColumn(key, sql.raw(pg ? "bigserial" : "integer"), (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())),
  };
}

/**
 * An index of `table` over `columns` holding only the rows where `key` is set: the rows without
 * it are never looked up through the index, and leaving them out makes every insert cheaper.
 * Queries that compare `key` with `=` or `IN` imply `IS NOT NULL`, so both dialects use it.
 */
export async function createIndexWhereSet(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: readonly string[],
  key: string = columns[0],
): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
    .where(sql.ref(key), "is not", null)
    .execute();
}
