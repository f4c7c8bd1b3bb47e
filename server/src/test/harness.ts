import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { LoginResponse } from "@parley/protocol";
import { buildApp, createContext, listen } from "../app.js";
import type { Config } from "../config.js";
import type { AppContext } from "../context.js";

/**
 * Test servers on a fresh database. Every suite runs on SQLite; when `TEST_DATABASE_URL` is
 * set (CI sets it to the local PostgreSQL) the suites that loop over `dialects()` run on
 * PostgreSQL too, each server in its own schema so runs never collide.
 */
export type DialectName = "sqlite" | "postgres";

export const dialects = (): DialectName[] => (process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"]);

/**
 * Kysely's migrator introspects every schema of the database, and a schema that another test
 * worker drops during that query fails it ("schema … does not exist"). Starting a server holds
 * this advisory lock shared; dropping a schema holds it exclusively.
 */
const SCHEMA_LOCK = 7_270_001;

async function withSchemaLock<T>(url: string, mode: "shared" | "exclusive", fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(mode === "shared" ? "SELECT pg_advisory_lock_shared($1)" : "SELECT pg_advisory_lock($1)", [SCHEMA_LOCK]);
    return await fn(client);
  } finally {
    await client.end(); // ends the session, which releases the lock
  }
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** `http://127.0.0.1:<port>` once `listen()` was called. */
  url: string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A `dataDir` or `databaseSchema` given in `overrides` reuses another server's storage (a
 * restart): this server then leaves that storage alone on `close()`, its owner removes it.
 */
export async function startTestServer(dialect: DialectName = "sqlite", overrides: Partial<Config> = {}): Promise<TestServer> {
  const ownsDir = overrides.dataDir === undefined;
  const ownsSchema = overrides.databaseSchema === undefined;
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
  const schema = dialect === "postgres" ? (overrides.databaseSchema ?? `t_${randomBytes(6).toString("hex")}`) : null;
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: dialect === "postgres" ? (process.env.TEST_DATABASE_URL ?? null) : null,
    databaseSchema: schema,
    webDist: null,
    accessTokenTtlS: 300,
    refreshTokenTtlS: 604_800,
    bodyLimit: 1_048_576,
    maxFileSize: 1_073_741_824,
    uploadChunkLimit: 1_073_741_824,
    previewAllowPrivate: false,
    logLevel: "silent",
    trustProxy: false,
    ...overrides,
  };
  const url = config.databaseUrl;
  const dropSchema = () => withSchemaLock(url ?? "", "exclusive", (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  let ctx: AppContext;
  try {
    ctx = url ? await withSchemaLock(url, "shared", () => createContext(config)) : await createContext(config);
  } catch (err) {
    // A failed start must not leak its storage.
    if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (ownsSchema && schema && url) await dropSchema();
    throw err;
  }
  const app = await buildApp(ctx);
  const server: TestServer = {
    app,
    ctx,
    url: "",
    async listen() {
      await listen(app, { port: 0, host: "127.0.0.1" });
      const addr = app.server.address();
      server.url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
      return server.url;
    },
    async close() {
      await app.close();
      if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (ownsSchema && schema && url) await dropSchema();
    },
  };
  return server;
}

export interface Session {
  uid: number;
  token: string;
  refresh_token: string;
  device: string;
  login: LoginResponse;
  headers: { "x-api-key": string };
}

let deviceSeq = 0;

export async function login(s: TestServer, email: string, password: string, device = `test:${++deviceSeq}`): Promise<Session> {
  const res = await s.app.inject({
    method: "POST",
    url: "/api/token/login",
    payload: { credential: { type: "password", email, password }, device, device_token: "" },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const body = res.json() as LoginResponse;
  return {
    uid: body.user.uid,
    token: body.token,
    refresh_token: body.refresh_token,
    device,
    login: body,
    headers: { "x-api-key": body.token },
  };
}
