import path from "node:path";

/** Process configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file, uploads and other local state live. */
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `dataDir/db.sqlite`. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (tests give each run its own). */
  databaseSchema: string | null;
  /** Built web client to serve at `/`; null serves no client. */
  webDist: string | null;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** Per-request body limit in bytes for JSON and text bodies. */
  bodyLimit: number;
  logLevel: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL?.startsWith("postgres") ? env.DATABASE_URL : null,
    databaseSchema: env.DATABASE_SCHEMA ?? null,
    webDist: env.WEB_DIST === "" ? null : path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    accessTokenTtlS: Number(env.ACCESS_TOKEN_TTL ?? 300),
    refreshTokenTtlS: Number(env.REFRESH_TOKEN_TTL ?? 604_800),
    bodyLimit: Number(env.BODY_LIMIT ?? 1_048_576),
    logLevel: env.LOG_LEVEL ?? "info",
  };
}
