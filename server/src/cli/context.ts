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

/**
 * The server's own context on the server's own database (DATA_DIR, DATABASE_URL,
 * DATABASE_SCHEMA, as `config.ts` reads them), for the command-line tools. Safe beside a running
 * server: SQLite is in WAL mode with a busy timeout, PostgreSQL is a second client. Events it
 * publishes stay in this process; what the tools change is in the database, where every node reads it.
 *
 * Opening a SQLite database creates it; unless `createDatabase`, a DATA_DIR without one is refused
 * (a mistyped DATA_DIR would otherwise get a new, empty database and answer "no such user").
 */
export async function withServerContext<T>(fn: (ctx: AppContext) => Promise<T>, { createDatabase = false, env = process.env }: { createDatabase?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<T> {
  const config = configFromEnv(env);
  const file = path.join(config.dataDir, "db.sqlite");
  if (!config.databaseUrl && !createDatabase && !fs.existsSync(file)) throw new CommandLineError(`no database at ${file}: is DATA_DIR right? (or DATABASE_URL for PostgreSQL)`);
  const ctx = await createContext(config);
  try {
    return await fn(ctx);
  } finally {
    await ctx.db.destroy();
  }
}
