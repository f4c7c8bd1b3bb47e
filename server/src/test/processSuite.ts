import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { compiledServer } from "../reliability/serverProcess.js";
import { dropSchema, type DialectName } from "./harness.js";

/**
 * The set-up of a suite that runs the compiled server in its own process (`kill -9` tests): a
 * data folder and a PostgreSQL schema of its own, so a restarted process finds the same data;
 * the server built once (unless the sources are unchanged); both removed at the end. Answers
 * the environment to start `startServerProcess` with, `extra` added (allowing loopback
 * receivers, shortened delays).
 */
export function useProcessSuite(dialect: DialectName, name: string, extra: Record<string, string>): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const schema = `${name.replace(/\W/g, "_")}_${randomBytes(5).toString("hex")}`;
  beforeAll(() => compiledServer(), 120_000);
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === "postgres") await dropSchema(schema);
  });
  return {
    DATA_DIR: dataDir,
    ...extra,
    ...(dialect === "postgres" ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? "", DATABASE_SCHEMA: schema } : {}),
  };
}
