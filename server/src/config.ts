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
  /** Largest uploaded file in bytes (`MAX_FILE_SIZE`, default 1 GiB); larger is a 413. */
  maxFileSize: number;
  /** Largest single upload chunk in bytes (`UPLOAD_CHUNK_LIMIT`, default `maxFileSize`: bots send one chunk). */
  uploadChunkLimit: number;
  /** `PREVIEW_ALLOW_PRIVATE=1`: link previews may fetch private, loopback and link-local addresses (intranets, tests). */
  previewAllowPrivate: boolean;
  logLevel: string;
  /** How often expired burn-after-reading messages are deleted (ms); default 2000. */
  messageSweepMs?: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const maxFileSize = Number(env.MAX_FILE_SIZE ?? 1_073_741_824);
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
    maxFileSize,
    uploadChunkLimit: Math.min(Number(env.UPLOAD_CHUNK_LIMIT ?? maxFileSize), maxFileSize),
    previewAllowPrivate: env.PREVIEW_ALLOW_PRIVATE === "1" || env.PREVIEW_ALLOW_PRIVATE === "true",
    logLevel: env.LOG_LEVEL ?? "info",
    messageSweepMs: Number(env.MESSAGE_SWEEP_MS ?? 2_000),
  };
}
