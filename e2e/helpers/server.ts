/** Starts a fresh Parley server (own port and data dir) for one test file. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compiledServer, spawnServer, type ServerProcess } from "../../server/src/reliability/serverProcess";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The built web client; E2E_WEB_DIST points at another build (e.g. one per parallel worktree). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(ROOT, "web/dist");

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Adds to the server's environment, e.g. `{ ACCESS_TOKEN_TTL: "23" }`. */
  env?: Record<string, string>;
  /**
   * What node runs: the compiled server (the default: what `npm start` runs, built once per test
   * process, and it starts in a fraction of the time the sources through tsx take on a loaded
   * machine), the sources through tsx (`E2E_SERVER_DIR` debugging against another checkout), or
   * `scripts/start.mjs` itself, which builds first as `npm start` does.
   */
  entry?: "compiled" | "sources" | "npm start";
}

const ENTRIES = {
  compiled: { args: async () => [await compiledServer()], startupMs: 60_000 },
  sources: { args: async () => ["--import", "tsx", "server/src/main.ts"], startupMs: 60_000 },
  "npm start": { args: async () => ["scripts/start.mjs"], startupMs: 90_000 },
};

export async function startServer({ env = {}, entry = process.env.E2E_SERVER_DIR ? "sources" : "compiled" }: ServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-e2e-"));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  let server: ServerProcess;
  try {
    server = await spawnServer({
      args: await ENTRIES[entry].args(),
      // E2E_SERVER_DIR points at another checkout of the server, for debugging; normally this repo.
      cwd: process.env.E2E_SERVER_DIR ?? ROOT,
      env: { DATA_DIR: dataDir, WEB_DIST, ...env },
      startupMs: ENTRIES[entry].startupMs,
    });
  } catch (err) {
    await removeData();
    throw err;
  }
  const stop = async () => {
    await server.stop();
    await removeData();
  };
  return { url: server.url, port: server.port, dataDir, output: server.output, stop };
}
