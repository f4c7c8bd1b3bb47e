import { CompiledQuery, type Compilable, type QueryResult } from "kysely";
import type { Db } from "./index.js";

/**
 * A hot query compiled once. Kysely builds and compiles a query on every call (an AST of frozen
 * objects, then its SQL text), and on the message send path that cost as much CPU and garbage
 * as running the SQL. `precompile(sample)` keeps the SQL text of `sample` (built once, against
 * the database's dialect) and runs it with new parameters, given in the order the sample's
 * parameters appear in it. Reusing the same SQL string also lets the SQLite statement cache
 * find its prepared statement without hashing the text again.
 */
export interface Precompiled<Row> {
  run(db: Db, parameters: readonly unknown[]): Promise<QueryResult<Row>>;
}

export function precompile<Row>(sample: Compilable<Row>): Precompiled<Row> {
  const { sql } = sample.compile();
  return {
    run: (db, parameters) => db.executeQuery(CompiledQuery.raw(sql, [...parameters]) as CompiledQuery<Row>),
  };
}
