// The server build of `npm start` (server/scripts/build.mjs): two nodes started together from one
// install both get a complete build, and an unchanged source tree is not rebuilt.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runModule } from "../test/cli.js";
import { TEST_REDIS_URL } from "../test/cluster.js";

const serverDir = path.resolve(import.meta.dirname, "../..");
const buildScript = pathToFileURL(path.join(serverDir, "scripts/build.mjs")).href;
const lockScript = pathToFileURL(path.join(serverDir, "scripts/lock.mjs")).href;

interface BuildResult {
  dir: string;
  hash: string;
  compiled: boolean;
}

/**
 * Runs the build in its own process (as `npm start` does), into `root`/build with the link
 * `root`/dist; another `salt` stands for changed sources.
 */
function buildInChild(root: string, salt = ""): Promise<BuildResult> {
  const options = { buildRoot: path.join(root, "build"), distLink: path.join(root, "dist"), salt };
  const code = `const { buildServer } = await import(${JSON.stringify(buildScript)});
const result = await buildServer(${JSON.stringify(options)});
console.log(JSON.stringify(result));`;
  return lastJsonLine("build", code);
}

/** Runs `code` in a child process: the JSON it printed last, or an error with what it wrote to stderr. */
async function lastJsonLine<T>(what: string, code: string): Promise<T> {
  const out = await runModule(code);
  if (out.status !== 0) throw new Error(`${what} exited ${out.status}: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").at(-1)!) as T;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface BuiltServer {
  /** /health's status. */
  health: () => Promise<number>;
  /** /health's body: the database's and Redis's state. */
  report: () => Promise<{ status: string; database: string; redis: string }>;
  stop: () => void;
}

/** Starts `main` as a server on a fresh data dir (with `env` added) once it answers /health. */
async function startBuilt(main: string, dataDir: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST: "", LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const health = async () => (await fetch(`http://127.0.0.1:${port}/health`)).status;
  const report = async () => (await fetch(`http://127.0.0.1:${port}/health`)).json() as ReturnType<BuiltServer["report"]>;
  const stop = () => void child.kill("SIGKILL");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${main} exited ${child.exitCode}: ${err}`);
    try {
      await health();
      return { health, report, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  stop();
  throw new Error(`${main} did not answer: ${err}`);
}

async function healthOf(main: string, dataDir: string): Promise<number> {
  const server = await startBuilt(main, dataDir);
  try {
    return await server.health();
  } finally {
    server.stop();
  }
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
/** Inside the server directory (.test-data is git-ignored): a build finds its native dependencies in node_modules. */
function tempDir(): string {
  fs.mkdirSync(path.join(serverDir, ".test-data"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(serverDir, ".test-data", "build-"));
  temps.push(dir);
  return dir;
}

// Each test runs two or three esbuild builds in child processes (and starts one): seconds each on a
// loaded machine, past the 20 s a unit test gets.
describe("server build", { timeout: 90_000 }, () => {
  it("two concurrent builds both leave a complete build that runs, and an unchanged tree is not rebuilt", async () => {
    const root = tempDir();
    const [a, b] = await Promise.all([buildInChild(root), buildInChild(root)]);
    expect(a.dir).toBe(b.dir);
    // No half-written build is left behind, and the link points at the finished one.
    expect(fs.readdirSync(path.join(root, "build")).filter((n) => n !== ".gitignore")).toEqual([a.hash]);
    expect(fs.realpathSync(path.join(root, "dist"))).toBe(fs.realpathSync(a.dir));

    expect(await healthOf(path.join(a.dir, "main.js"), path.join(root, "data-a"))).toBe(200);
    expect(await healthOf(path.join(root, "dist", "main.js"), path.join(root, "data-b"))).toBe(200);
    // With REDIS_URL the compiled node is a cluster node (ioredis loads on demand: cluster/ioredis.ts).
    const clustered = await startBuilt(path.join(a.dir, "main.js"), path.join(root, "data-c"), { REDIS_URL: TEST_REDIS_URL });
    try {
      expect(await clustered.report()).toEqual({ status: "ok", database: "ok", redis: "ok" });
    } finally {
      clustered.stop();
    }

    const before = fs.statSync(path.join(a.dir, "main.js")).mtimeMs;
    const started = performance.now();
    const again = await buildInChild(root);
    const elapsedMs = performance.now() - started;
    expect(again).toMatchObject({ dir: a.dir, compiled: false });
    expect(fs.statSync(path.join(a.dir, "main.js")).mtimeMs).toBe(before);
    // A process start and a hash of the sources; compiling alone takes longer than this.
    expect(elapsedMs).toBeLessThan(3_000);
  });

  it("replaces a server/dist directory of an older install and keeps only the builds used last", async () => {
    const root = tempDir();
    const buildRoot = path.join(root, "build");
    fs.mkdirSync(path.join(root, "dist"), { recursive: true });
    fs.writeFileSync(path.join(root, "dist", "main.js"), "old");
    const halfAnHourAgo = new Date(Date.now() - 1_800_000);
    fs.utimesSync(path.join(root, "dist"), halfAnHourAgo, halfAnHourAgo);
    // Four earlier builds, used one hour apart. With the old server/dist (moved aside, not deleted:
    // a node may run from it) that is five; the two used last stay beside the new one (KEEP_BUILDS = 3).
    for (let i = 1; i <= 4; i++) {
      const dir = path.join(buildRoot, `old${i}`);
      fs.mkdirSync(dir, { recursive: true });
      const used = new Date(Date.now() - i * 3_600_000);
      fs.utimesSync(dir, used, used);
    }
    const result = await buildInChild(root);
    expect(fs.lstatSync(path.join(root, "dist")).isSymbolicLink()).toBe(true);
    expect(fs.realpathSync(path.join(root, "dist"))).toBe(fs.realpathSync(result.dir));
    const left = fs.readdirSync(buildRoot).filter((n) => n !== ".gitignore");
    expect(left).toHaveLength(3);
    expect(left).toEqual(expect.arrayContaining([result.hash, "old1", expect.stringMatching(new RegExp(`^${result.hash}\\.legacy-`))]));
    expect(fs.readFileSync(path.join(buildRoot, left.find((n) => n.includes(".legacy-"))!, "main.js"), "utf8")).toBe("old");
  });

  it("a node keeps running its build while newer builds replace server/dist", async () => {
    const root = tempDir();
    const first = await buildInChild(root);
    const running = await startBuilt(path.join(root, "dist", "main.js"), path.join(root, "data"));
    try {
      const second = await buildInChild(root, "changed");
      const third = await buildInChild(root, "changed again");
      expect(new Set([first.hash, second.hash, third.hash]).size).toBe(3);
      expect(fs.realpathSync(path.join(root, "dist"))).toBe(fs.realpathSync(third.dir));
      // Two newer builds later, the first one (which the node runs) is still whole.
      expect(fs.existsSync(path.join(first.dir, "main.js"))).toBe(true);
      expect(await running.health()).toBe(200);
    } finally {
      running.stop();
    }
  });
});

/** A process that holds `lock` for `holdMs`, logging when it enters and leaves; resolves with whether it waited. */
function holdLock(lock: string, log: string, holdMs: number): Promise<boolean> {
  const code = `const { withLock } = await import(${JSON.stringify(lockScript)});
const fs = await import("node:fs");
const waited = await withLock(${JSON.stringify(lock)}, async ({ waited }) => {
  fs.appendFileSync(${JSON.stringify(log)}, "in " + process.pid + "\\n");
  await new Promise((r) => setTimeout(r, ${holdMs}));
  fs.appendFileSync(${JSON.stringify(log)}, "out " + process.pid + "\\n");
  return waited;
}, { pollMs: 20 });
console.log(JSON.stringify(waited));`;
  return lastJsonLine("lock holder", code);
}

describe("web client build lock (npm start)", () => {
  it("lets one process at a time in, and takes over a lock whose process died", async () => {
    const root = tempDir();
    const lock = path.join(root, ".build.lock");
    const log = path.join(root, "log");
    // A lock left by a process that is gone.
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => dead.on("exit", r));
    fs.writeFileSync(lock, String(dead.pid));

    const waited = await Promise.all([1, 2, 3].map(() => holdLock(lock, log, 300)));
    const lines = fs.readFileSync(log, "utf8").trim().split("\n");
    expect(lines).toHaveLength(6);
    // Never two inside at once: each "in" is followed by the same process's "out".
    for (let i = 0; i < lines.length; i += 2) expect(lines[i + 1]).toBe(lines[i].replace("in", "out"));
    // All three got in, so the dead lock was taken over, by one that found it. (Whether each found
    // a lock depends on when it started: on a loaded machine one may start after the others are done.)
    expect(waited.some(Boolean)).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  });
});
