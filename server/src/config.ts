import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import * as z from "zod";
import type { RateLimitOverrides } from "./http/rateLimit.js";
import { readPublicKey } from "./license/format.js";

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
  /**
   * Login and registration links stay valid this long (s); default 900 (15 minutes; docs/API.md
   * "Identity").
   */
  magicLinkTtlS?: number;
  /** How often guests are swept (ms); default one day. */
  guestSweepMs?: number;
  /** Guests older than this are deleted (ms); default 7 days. */
  guestMaxAgeMs?: number;
  /** How often the call sweep runs (ms); default 5000. Tests shorten it to watch passes. */
  callSweepMs?: number;
  /** How often anonymous widget visitors are swept (ms); default one hour. */
  visitorSweepMs?: number;
  /** An anonymous visitor that never wrote is deleted after this long inactive (`WIDGET_VISITOR_IDLE_DAYS`, default 7 days). */
  visitorIdleMs?: number;
  /** Any anonymous visitor is deleted after this long inactive (`WIDGET_VISITOR_RETENTION_DAYS`, default 365 days; 0 keeps them). */
  visitorRetentionMs?: number;
  /** The 406 webhook probe (`GET` must answer 200) gives up after this long (ms); default 5000. */
  webhookCheckTimeoutMs?: number;
  /**
   * Webhook deliveries (server/src/webhooks/): the first retry waits this long (ms), each next
   * one twice as long up to an hour; default 10000 (`WEBHOOK_RETRY_BASE_MS`). Tests shorten it.
   */
  webhookRetryBaseMs?: number;
  /** How often the webhook worker looks for due deliveries besides being woken (ms); default 2000. */
  webhookPollMs?: number;
  /**
   * Notifications (server/src/notify/, docs/NOTIFICATIONS.md): how long after a message Web Push,
   * FCM and the user's channels fire (`NOTIFY_PUSH_DELAY_MS`, default 3000), so a message read at
   * once on another device is not announced.
   */
  notifyPushDelayMs?: number;
  /** How often the notification worker looks for due work besides being woken (ms); default 1000. */
  notifyPollMs?: number;
  /** SMTP connection, greeting and socket timeout (ms); default 15000. */
  smtpTimeoutMs?: number;
  /** `MAX_USERS`: most non-guest accounts, 0 = no limit (default); one more is a 451, like VoceChat's license limit. */
  maxUsers?: number;
  /**
   * Third-party sign-in endpoints (docs/AUTH.md): Google's signing keys (`GOOGLE_JWKS_URL`,
   * default https://www.googleapis.com/oauth2/v3/certs), GitHub's OAuth site (`GITHUB_URL`,
   * default https://github.com) and API (`GITHUB_API_URL`, default https://api.github.com).
   * Tests point them at local servers.
   */
  googleJwksUrl?: string;
  githubUrl?: string;
  githubApiUrl?: string;
  /**
   * `LICENSE_PUBLIC_KEY`: the RSA public key (PEM) that signed licenses verify against
   * (docs/API.md "License"). Null (default): no license can be installed; the server stays on
   * the unlimited community license.
   */
  licensePublicKey?: string | null;
  /**
   * `REDIS_URL` (`redis://` or `rediss://`) turns on the cluster mode (docs/CLUSTER.md): events,
   * presence, kicks and rate limits are shared through Redis. Null: one node, all in process.
   */
  redisUrl?: string | null;
  /** This node's name in the cluster (`NODE_ID`, default host name and a random suffix): logs, metrics, leases. */
  nodeId?: string;
  /** Where files live (`STORAGE`, default `local`: under `dataDir`). */
  storage?: StorageConfig;
  /**
   * `METRICS_ALLOW`: the client addresses or CIDR ranges `GET /metrics` answers (comma-separated);
   * default loopback only.
   */
  metricsAllow?: string[];
}

/** `STORAGE=local` (files under `DATA_DIR`) or `STORAGE=s3` (an S3-compatible bucket). */
export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      /** `S3_ENDPOINT`: the service URL (MinIO, R2, s3rver…); null for AWS itself. */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      /** `S3_FORCE_PATH_STYLE`: `https://host/bucket/key` addressing; on by default with an endpoint. */
      forcePathStyle: boolean;
      /** `S3_PREFIX`: every key is stored under this prefix (one bucket, several servers). */
      prefix: string;
    };

/** A setting of the environment that cannot be used: start-up stops with this one line. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** An integer environment variable in `[min, max]`; absent or empty takes `fallback`. */
const integer = (fallback: number, min: number, max: number = Number.MAX_SAFE_INTEGER) =>
  z
    .preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^[0-9]+$/, `expected a whole number from ${min} to ${max}`)
        .transform(Number)
        .pipe(z.number().int().min(min, `expected at least ${min}`).max(max, `expected at most ${max}`))
        .optional(),
    )
    .transform((n) => n ?? fallback);

const flag = z
  .enum(["", "0", "1", "false", "true"], { message: "expected 1, 0, true or false" })
  .optional()
  .transform((v) => v === "1" || v === "true");

/** What Parley reads from the environment (docs/OPERATIONS.md lists each variable). */
const envSchema = z.object({
  PORT: integer(3000, 0, 65_535),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .refine((url) => url === "" || /^postgres(ql)?:\/\/./.test(url), "expected a postgres:// URL, or nothing for SQLite")
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "expected a PostgreSQL schema name (lower-case letters, digits, _)")
    .optional(),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL: integer(300, 10),
  REFRESH_TOKEN_TTL: integer(604_800, 60),
  BODY_LIMIT: integer(1_048_576, 1_024),
  MAX_FILE_SIZE: integer(1_073_741_824, 1),
  UPLOAD_CHUNK_LIMIT: z.string().optional(),
  PREVIEW_ALLOW_PRIVATE: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().optional(),
  MESSAGE_SWEEP_MS: integer(2_000, 10),
  MAGIC_LINK_TTL: integer(900, 10),
  MAX_USERS: integer(0, 0),
  WIDGET_VISITOR_IDLE_DAYS: integer(7, 1),
  WIDGET_VISITOR_RETENTION_DAYS: integer(365, 0),
  LICENSE_PUBLIC_KEY: z
    .string()
    .refine((pem) => {
      if (pem.trim() === "") return true;
      try {
        readPublicKey(pem);
        return true;
      } catch {
        return false;
      }
    }, "expected an RSA public key in PEM form")
    .optional(),
  WEBHOOK_RETRY_BASE_MS: integer(10_000, 10),
  NOTIFY_PUSH_DELAY_MS: integer(3_000, 0),
  RATE_LIMITS: z.enum(["on", "off"], { message: "expected on or off" }).optional(),
  REDIS_URL: z
    .string()
    .refine((url) => url === "" || /^rediss?:\/\/./.test(url), "expected a redis:// or rediss:// URL, or nothing for one node")
    .optional(),
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "expected up to 64 letters, digits, '.', '_' or '-'")
    .optional(),
  STORAGE: z.enum(["", "local", "s3"], { message: "expected local or s3" }).optional(),
  S3_ENDPOINT: z
    .string()
    .refine((url) => url === "" || /^https?:\/\/./.test(url), "expected an http:// or https:// URL")
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["", "0", "1", "false", "true"], { message: "expected 1, 0, true or false" }).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/, "expected path segments each ending with '/', e.g. parley/")
    .optional(),
  METRICS_ALLOW: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().optional(),
  GITHUB_URL: z.url().optional(),
  GITHUB_API_URL: z.url().optional(),
});

/**
 * Reads the configuration from the environment. A variable that is set but unusable (`PORT=abc`,
 * `DATABASE_URL=foo`) throws a `ConfigError` naming it, rather than running with `NaN` or
 * quietly falling back to SQLite.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`);
  }
  const e = parsed.data;
  const maxFileSize = e.MAX_FILE_SIZE;
  const chunk = integer(maxFileSize, 1).safeParse(env.UPLOAD_CHUNK_LIMIT);
  if (!chunk.success) throw new ConfigError(`UPLOAD_CHUNK_LIMIT=${JSON.stringify(env.UPLOAD_CHUNK_LIMIT)}: ${chunk.error.issues[0].message}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    databaseSchema: e.DATABASE_SCHEMA ?? null,
    webDist: e.WEB_DIST === "" ? null : path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL,
    bodyLimit: e.BODY_LIMIT,
    maxFileSize,
    uploadChunkLimit: Math.min(chunk.data, maxFileSize),
    previewAllowPrivate: e.PREVIEW_ALLOW_PRIVATE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    messageSweepMs: e.MESSAGE_SWEEP_MS,
    magicLinkTtlS: e.MAGIC_LINK_TTL,
    maxUsers: e.MAX_USERS,
    visitorIdleMs: e.WIDGET_VISITOR_IDLE_DAYS * 86_400_000,
    visitorRetentionMs: e.WIDGET_VISITOR_RETENTION_DAYS * 86_400_000,
    ...(e.GOOGLE_JWKS_URL ? { googleJwksUrl: e.GOOGLE_JWKS_URL } : {}),
    ...(e.GITHUB_URL ? { githubUrl: e.GITHUB_URL } : {}),
    ...(e.GITHUB_API_URL ? { githubApiUrl: e.GITHUB_API_URL } : {}),
    licensePublicKey: e.LICENSE_PUBLIC_KEY?.trim() || null,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    notifyPushDelayMs: e.NOTIFY_PUSH_DELAY_MS,
    ...(e.RATE_LIMITS === "off" ? { rateLimits: RATE_LIMITS_OFF } : {}),
    redisUrl: e.REDIS_URL || null,
    nodeId: e.NODE_ID ?? defaultNodeId(),
    storage: storageFromEnv(e),
    metricsAllow: e.METRICS_ALLOW ? e.METRICS_ALLOW.split(",").map((a) => a.trim()).filter(Boolean) : DEFAULT_METRICS_ALLOW,
  };
}

/** `GET /metrics` answers loopback only unless `METRICS_ALLOW` says otherwise. */
export const DEFAULT_METRICS_ALLOW = ["127.0.0.1/8", "::1/128"];

function defaultNodeId(): string {
  const host = os.hostname().replace(/[^A-Za-z0-9._-]/g, "").slice(0, 48) || "node";
  return `${host}-${randomBytes(3).toString("hex")}`;
}

function storageFromEnv(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE !== "s3") return { kind: "local" };
  if (!e.S3_BUCKET) throw new ConfigError(`S3_BUCKET="": STORAGE=s3 needs a bucket name`);
  const endpoint = e.S3_ENDPOINT || null;
  const pathStyle = e.S3_FORCE_PATH_STYLE;
  return {
    kind: "s3",
    endpoint,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || "us-east-1",
    accessKeyId: e.S3_ACCESS_KEY_ID || null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: pathStyle === undefined || pathStyle === "" ? endpoint !== null : pathStyle === "1" || pathStyle === "true",
    prefix: e.S3_PREFIX ?? "",
  };
}

/** `RATE_LIMITS=off` (benchmarks, load tests): every identity limit is 0, i.e. no limit. */
const RATE_LIMITS_OFF: RateLimitOverrides = Object.fromEntries(
  (["login", "magicLink", "register", "checkEmail", "guest", "widgetVisitor", "widgetMessage", "notifyTest"] as const).map((name) => [name, { perIp: 0, perEmail: 0 }]),
);

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}
