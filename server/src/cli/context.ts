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
 */
export async function withServerContext<T>(fn: (ctx: AppContext) => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const ctx = await createContext(configFromEnv(env));
  try {
    return await fn(ctx);
  } finally {
    await ctx.db.destroy();
  }
}
