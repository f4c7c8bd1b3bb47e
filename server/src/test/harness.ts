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
import { openDatabase } from "../db/index.js";
import { afterSchemaDropped } from "./catalogs.js";

/**
 * Test servers on a fresh database. Every suite runs on SQLite; when `TEST_DATABASE_URL` is
 * set (CI sets it to the local PostgreSQL) the suites that loop over `dialects()` run on
 * PostgreSQL too, each server in its own schema so runs never collide.
 */
export type DialectName = "sqlite" | "postgres";

export const dialects = (): DialectName[] => (process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"]);

/**
 * `TEST_DATABASE_URL` with each connection's commits not waiting for the disk
 * (`synchronous_commit = off`, as a connection option): a test server's schema is created,
 * migrated (or emptied) and dropped with many commits, each of which waited for the write-ahead
 * log's flush (a new schema's start and close: about 400 → 350 ms, measured once; docs/
 * ARCHITECTURE.md "How the suites run"). Only a crash of PostgreSQL itself could lose such
 * commits, and no test crashes it; the reliability probes, which kill things, use the URL as given.
 */
export function testDatabaseUrl(): string {
  const given = process.env.TEST_DATABASE_URL;
  if (!given) return "";
  const url = new URL(given);
  const options = url.searchParams.get("options");
  url.searchParams.set("options", `${options ? `${options} ` : ""}-c synchronous_commit=off`);
  return url.toString();
}

/**
 * Drops a PostgreSQL schema (the migrator only ever looks at its own: db/introspector.ts), of
 * `TEST_DATABASE_URL` unless told which database.
 */
export async function dropSchema(schema: string, url = testDatabaseUrl()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await afterSchemaDropped(client);
  } finally {
    await client.end();
  }
}

const newSchemaName = () => `t_${randomBytes(6).toString("hex")}`;

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
  const schema = dialect === "postgres" ? (overrides.databaseSchema ?? newSchemaName()) : null;
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: dialect === "postgres" ? testDatabaseUrl() : null,
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
  const dropOwnSchema = () => dropSchema(schema ?? "", url ?? "");
  let ctx: AppContext;
  try {
    ctx = await createContext(config);
  } catch (err) {
    // A failed start must not leak its storage.
    if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (ownsSchema && schema && url) await dropOwnSchema();
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
      if (ownsSchema && schema && url) await dropOwnSchema();
    },
  };
  return server;
}

/**
 * Fresh storage for one server after another (the servers of a per-test suite), at a fraction of
 * the cost of creating and migrating a database for each: what a server starts on is exactly
 * what a newly created and migrated database holds, nothing of the servers before it.
 * - SQLite: a database is migrated once into a template directory; each server gets a new data
 *   directory with a copy of that file (and nothing else), removed after it closed.
 * - PostgreSQL: one schema; the first server creates and migrates it. After each server, every
 *   table it wrote to (one with pages: a table never written has none) but the migrator's own is
 *   truncated, which gives it new, empty files as a new table has (rows deleted instead would
 *   leave space that later rows may fill out of insertion order), and every sequence that was
 *   used starts over. That leaves the schema as migrations left it (they insert no rows).
 * `dispose()` removes the template or the schema.
 */
export interface ReusedStorage {
  /** The `dataDir` or `databaseSchema` for the next server (which then leaves that storage to this). */
  next(): Promise<Partial<Config>>;
  /** After that server closed: its storage goes, or is emptied for the next one. */
  release(): Promise<void>;
  dispose(): Promise<void>;
}

export function reusedStorage(dialect: DialectName): ReusedStorage {
  return dialect === "postgres" ? reusedSchema(testDatabaseUrl()) : reusedSqliteFile();
}

function reusedSqliteFile(): ReusedStorage {
  let template: string | null = null;
  let current: string | null = null;
  return {
    async next() {
      if (!template) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-template-"));
        const opened = await openDatabase({ dataDir: dir, databaseUrl: null, databaseSchema: null });
        await opened.close(); // the last connection: SQLite checkpoints the write-ahead log into the file
        template = dir;
      }
      current = fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
      for (const file of fs.readdirSync(template)) fs.copyFileSync(path.join(template, file), path.join(current, file));
      return { dataDir: current };
    },
    async release() {
      if (current) fs.rmSync(current, { recursive: true, force: true });
      current = null;
    },
    async dispose() {
      if (template) fs.rmSync(template, { recursive: true, force: true });
      template = null;
    },
  };
}

function reusedSchema(url: string): ReusedStorage {
  let schema = newSchemaName();
  let used = false;
  // What the freshly migrated schema's tables, columns, indexes, constraints and triggers are:
  // a test that changed them (dropped a table to make writes fail, say) leaves a schema that
  // emptying cannot restore, and the next server gets a newly migrated one instead.
  let shape: string | null = null;
  // One connection for the suite's resets; what it commits need not wait for the disk.
  let client: pg.Client | null = null;
  const abandoned: string[] = [];
  const connection = async () => {
    if (!client) {
      client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query("SET synchronous_commit = off");
      await client.query("SET lock_timeout = '5s'");
    }
    return client;
  };
  const shapeOf = async (): Promise<string> => {
    const { rows } = await (await connection()).query<{ shape: string | null }>(SCHEMA_SHAPE, [schema]);
    return rows[0]?.shape ?? "";
  };
  // One round trip: truncates the tables that have pages and restarts the sequences that were used.
  const reset = () => `DO $reset$
DECLARE
  tables text;
  item record;
BEGIN
  SELECT string_agg(format('%I.%I', n.nspname, c.relname), ', ') INTO tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = '${schema}' AND c.relkind = 'r' AND c.relname NOT LIKE 'kysely\\_%' AND pg_relation_size(c.oid) > 0;
  IF tables IS NOT NULL THEN
    EXECUTE 'TRUNCATE ' || tables;
  END IF;
  FOR item IN SELECT sequencename AS name, start_value AS start FROM pg_sequences WHERE schemaname = '${schema}' AND last_value IS NOT NULL LOOP
    PERFORM setval(format('%I.%I', '${schema}', item.name), item.start, false);
  END LOOP;
END
$reset$`;
  return {
    async next() {
      if (shape === null) {
        // Migrated here rather than by the first server, to know its shape before any test ran.
        const opened = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url, databaseSchema: schema });
        await opened.close();
        shape = await shapeOf();
      }
      used = true;
      return { databaseSchema: schema };
    },
    async release() {
      if ((await shapeOf()) === shape) {
        try {
          await (await connection()).query(reset());
          return;
        } catch {
          // A lock the reset waited for past `lock_timeout` (a connection of the closed server
          // still open): the schema is left for `dispose` and the next server gets a new one.
          abandoned.push(schema);
          schema = newSchemaName();
          shape = null;
          used = false;
          return;
        }
      }
      await dropSchema(schema, url);
      schema = newSchemaName();
      shape = null;
      used = false;
    },
    async dispose() {
      await client?.end();
      client = null;
      if (used) await dropSchema(schema, url);
      for (const left of abandoned.splice(0)) await dropSchema(left, url);
    },
  };
}

/** A digest of a PostgreSQL schema's tables, columns, defaults, indexes, constraints and triggers (`$1`: its name). */
const SCHEMA_SHAPE = `SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS shape FROM (
  SELECT c.relname || ' ' || c.relkind::text || ' ' || coalesce(pg_get_indexdef(i.indexrelid), '') AS item
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_index i ON i.indexrelid = c.oid WHERE n.nspname = $1
  UNION ALL
  SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = $1 AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT con.conname || ' ' || pg_get_constraintdef(con.oid) FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace WHERE n.nspname = $1
  UNION ALL
  SELECT t.tgname || ' ' || pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = $1 AND NOT t.tgisinternal
) AS parts`;

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
  return sessionOf(res.json() as LoginResponse, device);
}

/** The test session of a sign-in's answer, on `device`. */
export function sessionOf(body: LoginResponse, device: string): Session {
  return { uid: body.user.uid, token: body.token, refresh_token: body.refresh_token, device, login: body, headers: { "x-api-key": body.token } };
}
