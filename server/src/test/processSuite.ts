import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { compiledServer, startServerProcess, type ServerProcess } from "../reliability/serverProcess.js";
import { dropSchema, testDatabaseUrl, type DialectName } from "./harness.js";

/** What a process suite offers its tests. */
export interface ProcessSuite {
  /** The environment of the suite's server (its data folder and schema, `extra`). */
  env: Record<string, string>;
  /** Starts the compiled server on the suite's data; stopped after the test. */
  start(): Promise<ServerProcess>;
  /** Closes `it` (a receiver) after the test; answers it. */
  closeAfter<T extends { close(): Promise<void> }>(it: T): T;
}

/**
 * The set-up of a suite that runs the compiled server in its own process (`kill -9` tests): a
 * data folder and a PostgreSQL schema of its own, so a restarted process finds the same data;
 * the server built once (unless the sources are unchanged); what a test started stopped after
 * it, and the data removed at the end. `extra` is added to the environment (allowing loopback
 * receivers, shortened delays).
 */
export function useProcessSuite(dialect: DialectName, name: string, extra: Record<string, string>): ProcessSuite {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const schema = `${name.replace(/\W/g, "_")}_${randomBytes(5).toString("hex")}`;
  const env = {
    DATA_DIR: dataDir,
    ...extra,
    ...(dialect === "postgres" ? { DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema } : {}),
  };
  // Stopping a process killed before is harmless (it has exited).
  let cleanups: (() => Promise<void>)[] = [];
  beforeAll(() => compiledServer(), 120_000);
  afterEach(async () => {
    const now = cleanups.reverse();
    cleanups = [];
    for (const cleanup of now) await cleanup();
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === "postgres") await dropSchema(schema);
  });
  return {
    env,
    async start() {
      const server = await startServerProcess(env, undefined, { compiled: true });
      cleanups.push(() => server.stop());
      return server;
    },
    closeAfter(it) {
      cleanups.push(() => it.close());
      return it;
    },
  };
}
