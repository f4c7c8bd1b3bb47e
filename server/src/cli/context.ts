import fs from "node:fs";
import path from "node:path";
import { createContext } from "../app.js";
import { configFromEnv } from "../config.js";
import type { AppContext } from "../context.js";

/** A failure the operator caused (unknown user, taken e-mail, bad argument): its message, no stack. */
export class CommandLineError extends Error {
  constructor(
    message: string,
    /** 1 for a refused operation, 2 for a malformed command line. */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Runs a tool's `main` on its arguments: a `CommandLineError` is one line on stderr and its exit code. */
export async function runCommandLine(main: (argv: string[]) => Promise<void>): Promise<void> {
  try {
    await main(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof CommandLineError)) throw err;
    console.error(err.message);
    process.exitCode = err.exitCode;
  }
}

/** Refuses a database that Parley never ran on: a SQLite file that is not there, a PostgreSQL schema without Parley's tables. */
async function mustHoldParley(databaseUrl: string | null, schema: string | null, dataDir: string): Promise<void> {
  if (!databaseUrl) {
    const file = path.join(dataDir, "db.sqlite");
    if (!fs.existsSync(file)) throw new CommandLineError(`no database at ${file}: is DATA_DIR right? (or DATABASE_URL for PostgreSQL)`);
    return;
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'users' AND table_schema = coalesce($1, current_schema())", [schema]);
    if (found.rowCount === 0) throw new CommandLineError(`no Parley database in ${schema ? `schema ${schema} of ` : ""}DATABASE_URL: are DATABASE_URL and DATABASE_SCHEMA right?`);
  } finally {
    await client.end();
  }
}

/**
 * The server's own context on the server's own database (DATA_DIR, DATABASE_URL,
 * DATABASE_SCHEMA, as `config.ts` reads them), for the command-line tools. Safe beside a running
 * server: SQLite is in WAL mode with a busy timeout, PostgreSQL is a second client. Events it
 * publishes stay in this process; what the tools change is in the database, where every node reads it.
 *
 * Opening a database creates and migrates it; unless `createDatabase`, a DATA_DIR without a
 * database or a schema without Parley's tables is refused (a mistyped DATA_DIR or DATABASE_SCHEMA
 * would otherwise get a new, empty database and answer "no such user").
 */
export async function withServerContext<T>(fn: (ctx: AppContext) => Promise<T>, { createDatabase = false, env = process.env }: { createDatabase?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<T> {
  const config = configFromEnv(env);
  if (!createDatabase) await mustHoldParley(config.databaseUrl, config.databaseSchema, config.dataDir);
  const ctx = await createContext(config);
  try {
    return await fn(ctx);
  } finally {
    await ctx.db.destroy();
  }
}
