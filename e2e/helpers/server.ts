/** Starts a fresh Parley server (own port and data dir) for one test file. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compiledServer } from "../../server/src/reliability/serverProcess";

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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
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
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-e2e-"));
  let out = "";
  // E2E_SERVER_DIR points at another checkout of the server, for debugging; normally this repo.
  const child = spawn(process.execPath, await ENTRIES[entry].args(), {
    cwd: process.env.E2E_SERVER_DIR ?? ROOT,
    // Loopback only: the tests reach it at 127.0.0.1.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // start.mjs forwards the signal to the server it spawned.
      child.kill("SIGTERM");
      if (!(await waitForExit(child, 5_000))) {
        child.kill("SIGKILL");
        await waitForExit(child, 2_000);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + ENTRIES[entry].startupMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, port, dataDir, output: () => out, stop };
}
