import { execFile, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * A Parley server as its own process, for the probes that must kill it (`kill -9`) and start it
 * again on the same data (what an operator's crash is, not an in-process stop), and for the
 * browser suites (e2e/helpers/server.ts).
 */
export interface ServerProcess {
  url: string;
  port: number;
  /** Milliseconds from spawn to a healthy `/health`. */
  startedInMs: number;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const BUILD_SCRIPT = path.join(SERVER_DIR, "scripts/build.mjs");

let built: Promise<string> | null = null;

/**
 * The compiled server, what `npm start` runs (server/scripts/build.mjs): answers its `main.js`.
 * Built once per test process, in a child process as `npm start` builds; a build of unchanged
 * sources is already there and costs nothing.
 */
export function compiledServer(): Promise<string> {
  built ??= new Promise<string>((resolve, reject) => {
    const code = `const { buildServer } = await import(${JSON.stringify(pathToFileURL(BUILD_SCRIPT).href)});\nconsole.log(JSON.stringify(await buildServer()));`;
    execFile(process.execPath, ["--input-type=module", "-e", code], { cwd: SERVER_DIR }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`the server build failed: ${stderr || err.message}`));
      const { dir } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { dir: string };
      resolve(path.join(dir, "main.js"));
    });
  });
  built.catch(() => (built = null));
  return built;
}

export interface ServerProcessOptions {
  /**
   * Run the compiled server (`compiledServer`) rather than the sources through `tsx`: what an
   * operator runs, and several times faster to start (no transpiler) on a loaded machine.
   */
  compiled?: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface SpawnOptions {
  /** What node runs: a script and its arguments. */
  args: string[];
  cwd: string;
  /** Added to this process's environment, over `PORT`, `HOST` (127.0.0.1) and `LOG_LEVEL` (warn). */
  env: Record<string, string>;
  /** Where it listens on 127.0.0.1; a free port when not given. */
  port?: number;
  /** How long it may take to answer `/health` with 200. */
  startupMs?: number;
}

/**
 * Spawns `node args` listening on 127.0.0.1 and waits until `/health` answers 200. A server that
 * exits first, or is not healthy in `startupMs` (then it is stopped), throws with its output.
 */
export async function spawnServer({ args, cwd, env, port, startupMs = 60_000 }: SpawnOptions): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const started = Date.now();
  let output = "";
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(listenPort), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${listenPort}`;
  const kill = async () => {
    child.kill("SIGKILL");
    await exited(child, 5_000);
  };
  const stop = async () => {
    // A server started through scripts/start.mjs gets the signal forwarded by it (a SIGKILL
    // would leave that server running).
    child.kill("SIGTERM");
    if (!(await exited(child, 5_000))) await kill();
  };
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy in ${startupMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port: listenPort,
    startedInMs: Date.now() - started,
    output: () => output,
    kill,
    stop,
  };
}

/**
 * Starts `server/src/main.ts` (or the compiled server) with `env` (DATA_DIR, DATABASE_URL, …)
 * and waits until it is healthy.
 */
export async function startServerProcess(env: Record<string, string>, port?: number, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const args = options.compiled ? [await compiledServer()] : ["--import", "tsx", "src/main.ts"];
  return spawnServer({ args, cwd: SERVER_DIR, port, env: { RATE_LIMITS: "off", WEB_DIST: "", ...env } });
}
