import path from "node:path";
import type { RateLimitOverrides } from "./http/rateLimit.js";

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
  /**
   * Whether to believe `X-Forwarded-For`/`-Proto` (Fastify's `trustProxy`): off by default, since
   * per-IP rate limits would otherwise trust a client-chosen address. Behind a reverse proxy set
   * `TRUST_PROXY` to its address or subnet (comma-separated for several); `true` trusts any.
   */
  trustProxy: boolean | string;
  /** How often expired burn-after-reading messages are deleted (ms); default 2000. */
  messageSweepMs?: number;
  /** Identity: per-IP / per-e-mail limits of login, magic links, registration, check_email, guests (`http/rateLimit.ts`). */
  rateLimits?: RateLimitOverrides;
  /** Login and registration links stay valid this long (s); default 900 (spec §5: 15 minutes). */
  magicLinkTtlS?: number;
  /** How often guests are swept (ms); default one day. */
  guestSweepMs?: number;
  /** Guests older than this are deleted (ms); default 7 days. */
  guestMaxAgeMs?: number;
  /** The 406 webhook probe (`GET` must answer 200) gives up after this long (ms); default 5000. */
  webhookCheckTimeoutMs?: number;
  /** SMTP connection, greeting and socket timeout (ms); default 15000. */
  smtpTimeoutMs?: number;
  /** `MAX_USERS`: most non-guest accounts, 0 = no limit (default); one more is a 451, like VoceChat's license limit. */
  maxUsers?: number;
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    messageSweepMs: Number(env.MESSAGE_SWEEP_MS ?? 2_000),
    magicLinkTtlS: Number(env.MAGIC_LINK_TTL ?? 900),
    maxUsers: Number(env.MAX_USERS ?? 0),
    ...(env.RATE_LIMITS === "off" ? { rateLimits: RATE_LIMITS_OFF } : {}),
  };
}

/** `RATE_LIMITS=off` (benchmarks, load tests): every identity limit is 0, i.e. no limit. */
const RATE_LIMITS_OFF: RateLimitOverrides = Object.fromEntries(
  (["login", "magicLink", "register", "checkEmail", "guest"] as const).map((name) => [name, { perIp: 0, perEmail: 0 }]),
);

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}
