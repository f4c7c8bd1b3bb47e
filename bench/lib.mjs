// Shared helpers of the benchmark scripts: start a Parley server, seed it through the API,
// open SSE streams, compute percentiles, report figures. Plain Node, no dependencies.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { serverNodeArgs, serverProcessEnv } from "../scripts/runtime.mjs";
import { createPgDatabase, PG } from "./db.mjs";

export { PG, seedMessageCopies } from "./db.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** `--name value` / `--name=value` / `--flag` from argv. */
export function args(defaults) {
  const out = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) continue;
    const key = m[1];
    let value = m[2];
    if (value === undefined) value = argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : "true";
    out[key] = typeof defaults[key] === "number" ? Number(value) : value;
  }
  return out;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let serverBuilt = false;

/** Compiles the server (server/scripts/build.mjs) once per benchmark process. */
export function buildServer() {
  if (serverBuilt) return;
  const result = spawnSync(process.execPath, [path.join(ROOT, "server/scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("server build failed");
  serverBuilt = true;
}

/**
 * Starts the compiled server (`node server/dist/main.js`, with the flags and environment of
 * `npm start`) on a fresh data dir and a free loopback port. Identity rate limits are off
 * (`RATE_LIMITS=off`): the seeding logs in many devices.
 *
 * `opts.dist` runs another build (a directory holding `main.js`, e.g. a copy of an older
 * `server/build/<hash>` beside a `node_modules` link): `BENCH_SERVER_DIST` sets it for every
 * server of a script, which is how a before/after pair is measured on the same machine state.
 * `opts.databaseUrl` and `opts.dataDir` join a database and a data dir that the caller owns
 * (the nodes of `startCluster`): they are neither created nor removed here.
 */
export async function startServer(extraEnv = {}, opts = {}) {
  const dist = opts.dist ?? process.env.BENCH_SERVER_DIST ?? null;
  if (!dist) buildServer();
  const port = await freePort();
  const ownDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  const pgDb = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => {} } : PG ? await createPgDatabase() : null;
  // e.g. BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const nodeArgs = [...serverNodeArgs(), ...(process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean)];
  // e.g. BENCH_SERVER_WRAPPER="heaptrack -o /tmp/parley" to trace the server's native allocations.
  const wrapper = (process.env.BENCH_SERVER_WRAPPER ?? "").split(" ").filter(Boolean);
  const main = dist ? path.resolve(dist, "main.js") : "server/dist/main.js";
  const command = [...wrapper, process.execPath, ...nodeArgs, main];
  const spawnedAt = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: serverProcessEnv({
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WEB_DIST: "",
      RATE_LIMITS: "off",
      ACCESS_TOKEN_TTL: "86400",
      DATABASE_URL: pgDb ? pgDb.url : "",
      // A single server is never a cluster node by accident (REDIS_URL in the caller's shell).
      REDIS_URL: "",
      ...extraEnv,
    }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const removeDataDir = () => {
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (exited) {
      await pgDb?.drop();
      throw new Error("server exited during startup");
    }
    try {
      const res = await request(base, "GET", "/api/admin/system/initialized");
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await pgDb?.drop();
      throw new Error("server did not start within 60 s");
    }
    await sleep(200);
  }
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await new Promise((r) => (exited ? r() : child.once("exit", r)));
      clearTimeout(killer);
    }
    removeDataDir();
    await pgDb?.drop();
  };
  const onSignal = async () => {
    child.kill("SIGKILL");
    removeDataDir();
    await pgDb?.drop().catch(() => {});
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return {
    base,
    port,
    pid: child.pid,
    dataDir,
    dialect: pgDb ? "postgres" : "sqlite",
    dbFile: path.join(dataDir, "db.sqlite"),
    databaseUrl: pgDb?.url ?? null,
    /** This process's `performance.now()` when the server was spawned: a server profile's clock starts about then. */
    spawnedAt,
    stop,
    /** SIGKILL, as a node that dies: no shutdown, its streams' sockets reset by the kernel. */
    kill: async () => {
      if (exited) return;
      child.kill("SIGKILL");
      await new Promise((r) => (exited ? r() : child.once("exit", r)));
    },
  };
}

/** The Redis of cluster runs (docs/CLUSTER.md): `BENCH_REDIS_URL`, default the local one. */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * `n` Parley nodes of one cluster (docs/CLUSTER.md): one fresh PostgreSQL database and schema
 * (`DATABASE_URL` + `DATABASE_SCHEMA`, the same for every node), one data dir, and Redis
 * (`REDIS_URL`), each node with its own `NODE_ID` and port. A cluster of one is a single node
 * with Redis: every event still takes the round trip through the Redis channel, so one node and
 * two compare like for like. The nodes start one after the other (the first one migrates);
 * `addNode()` starts one more later. Resolves {nodes, addNode(), databaseUrl, schema, stop()};
 * `stop()` also deletes the run's Redis keys and drops the database.
 */
export async function startCluster(n, { dist, redisUrl = BENCH_REDIS_URL } = {}) {
  const db = await createPgDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-cluster-"));
  // The schema names the cluster's Redis keys (parley:<schema>:…): unique per run.
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const nodes = [];
  let started = 0;
  const addNode = async () => {
    const env = { REDIS_URL: redisUrl, DATABASE_SCHEMA: schema, NODE_ID: `bench-${String.fromCharCode(97 + started++)}` };
    const node = await startServer(env, { dist, databaseUrl: db.url, dataDir });
    nodes.push(node);
    return node;
  };
  const stop = async () => {
    for (const node of [...nodes].reverse()) await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await deleteRedisKeys(redisUrl, `parley:${schema}:*`).catch(() => {});
    await db.drop();
  };
  try {
    for (let i = 0; i < n; i++) await addNode();
  } catch (err) {
    await stop();
    throw err;
  }
  return { nodes, addNode, databaseUrl: db.url, databaseName: db.name, schema, redisUrl, stop };
}

/** Deletes the keys matching `pattern` (ioredis, the server's own client). */
async function deleteRedisKeys(url, pattern) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts `bench/baseline-server.mjs` (the raw `node:http` baseline) on a free port, with the
 * server's Node flags and environment (`scripts/runtime.mjs`), so that the two compare like for like.
 */
export async function startBaseline() {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeArgs(), path.join(ROOT, "bench/baseline-server.mjs")], {
    env: serverProcessEnv({ ...process.env, PORT: String(port) }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited || i > 100) throw new Error("baseline server did not start");
    try {
      await request(base, "GET", "/");
      break;
    } catch {
      await sleep(100);
    }
  }
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  return { base, pid: child.pid, stop };
}

/** Resident set size of a process in KB (`VmRSS` of /proc/<pid>/status). */
export function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One HTTP request: JSON body by default, `text` for text/plain. Resolves {status, body, json()}. */
export function request(base, method, urlPath, { token, json, text, headers: extraHeaders, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { ...extraHeaders };
    let payload;
    if (token) headers["x-api-key"] = token;
    if (json !== undefined) {
      payload = JSON.stringify(json);
      headers["content-type"] = "application/json";
    } else if (text !== undefined) {
      payload = text;
      headers["content-type"] = "text/plain";
    }
    if (payload !== undefined) headers["content-length"] = Buffer.byteLength(payload);
    const req = http.request(`${base}${urlPath}`, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode, body, json: () => JSON.parse(body) });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on("error", reject);
    req.end(payload);
  });
}

async function ok(promise, what) {
  const res = await promise;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.slice(0, 200)}`);
  return res;
}

export const PASSWORD = "bench-pass-1";

export async function seedAdmin(base) {
  await ok(
    request(base, "POST", "/api/admin/system/create_admin", {
      json: { email: "admin@bench.test", name: "Admin", password: PASSWORD, gender: 0 },
    }),
    "create_admin",
  );
  return login(base, "admin@bench.test", "admin:0");
}

let deviceSeq = 0;

/** Logs a user in on a new device; {uid, token, email, device} and the rest of the login response. */
export async function login(base, email, device = `bench:${++deviceSeq}`) {
  const res = await ok(
    request(base, "POST", "/api/token/login", {
      json: { credential: { type: "password", email, password: PASSWORD }, device, device_token: "" },
    }),
    "login",
  );
  const body = res.json();
  return { uid: body.user.uid, token: body.token, email, device, refresh_token: body.refresh_token, expired_in: body.expired_in, user: body.user };
}

/**
 * Logs in `n` devices spread over `users` accounts through the third-party bridge
 * (docs/API.md "Identity": a key from `POST /token/create_third_party_key` with the server's
 * secret, redeemed by a `thirdparty` login): no password hash per login, so thousands of
 * devices seed in seconds instead of minutes. The accounts are created on their first login.
 * Resolves [{uid, token}].
 */
export async function thirdPartyLogins(base, admin, n, users, prefix = "tp") {
  const config = (await ok(request(base, "GET", "/api/admin/login/config"), "login config")).json();
  await ok(request(base, "POST", "/api/admin/login/config", { token: admin.token, json: { ...config, third_party: true } }), "enable third-party login");
  const secret = (await ok(request(base, "GET", "/api/admin/system/third_party_secret", { token: admin.token }), "third-party secret")).body;
  const one = async (i) => {
    const u = i % users;
    const key = await ok(
      request(base, "POST", "/api/token/create_third_party_key", { headers: { "x-secret": secret }, json: { userid: `${prefix}${u}`, username: `${prefix}${u}` } }),
      "third-party key",
    );
    const res = await ok(
      request(base, "POST", "/api/token/login", { json: { credential: { type: "thirdparty", key: key.json() }, device: `bench:${++deviceSeq}`, device_token: "" } }),
      "third-party login",
    );
    const body = res.json();
    return { uid: body.user.uid, token: body.token };
  };
  // The first login of each account creates it: one at a time, so names do not race.
  const first = await pool(Math.min(users, n), 1, one);
  const rest = await pool(n - first.length, 16, (i) => one(first.length + i));
  return [...first, ...rest];
}

/** Creates a member through the admin API; resolves the e-mail. */
export async function createUser(base, admin, name) {
  const email = `${name.toLowerCase()}@bench.test`;
  await ok(
    request(base, "POST", "/api/admin/user", {
      token: admin.token,
      json: { email, password: PASSWORD, name, gender: 0, is_admin: false },
    }),
    "create user",
  );
  return email;
}

export async function createChannel(base, owner, name, isPublic = true) {
  const res = await ok(request(base, "POST", "/api/group", { token: owner.token, json: { name, is_public: isPublic } }), "create group");
  return res.json().gid;
}

/** Sends a text message to a channel; resolves the mid. */
export async function sendText(base, who, gid, text) {
  const res = await ok(request(base, "POST", `/api/group/${gid}/send`, { token: who.token, text }), "send");
  return Number(res.body);
}

/** Runs `fn(i)` for i in [0, n) with at most `limit` in flight. */
export async function pool(n, limit, fn) {
  let next = 0;
  const results = new Array(n);
  const worker = async () => {
    while (next < n) {
      const i = next++;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
  return results;
}

/**
 * Opens `GET /api/user/events` on its own socket. `onFrame(json, now)` gets each `data:` payload
 * as a string (parse only what you need); resolves once the stream is open, `ready` resolves at
 * the `ready` event.
 */
export function openSse(base, token, { onFrame, query = "" } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(`${base}/api/user/events?api-key=${encodeURIComponent(token)}${query}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`events: ${res.statusCode}`));
        res.resume();
        return;
      }
      let buffer = "";
      let onReady;
      const ready = new Promise((r) => (onReady = r));
      const client = { res, req, started, ready, readyAt: 0, close: () => req.destroy() };
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const now = performance.now();
        buffer += chunk;
        let idx;
        while ((idx = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          if (!frame.startsWith("data: ")) continue;
          const data = frame.slice(6);
          if (!client.readyAt && data.startsWith('{"type":"ready"')) {
            client.readyAt = now;
            onReady(now);
          }
          if (onFrame) onFrame(data, now);
        }
      });
      res.on("error", () => {});
      resolve(client);
    });
    req.on("error", reject);
  });
}

/** CPU time (user + system, ms) a process has used so far (`/proc/<pid>/stat`, clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The CPU time (user + system, ms) used so far by each process that `match({comm, cmdline})`
 * accepts (`/proc`): the shared services' part of a figure ("redis-server"; the PostgreSQL
 * backends of one database, whose command line names it). `cpuSince(snapshot, match)` sums
 * what they used since the snapshot (a process started meanwhile counts whole, one that exited
 * meanwhile is lost).
 */
export function cpuSnapshot(match) {
  const out = new Map();
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      if (!match({ comm, cmdline: () => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8") })) continue;
      const fields = stat.slice(close + 2).split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone
    }
  }
  return out;
}

export function cpuSince(snapshot, match) {
  let total = 0;
  for (const [pid, ms] of cpuSnapshot(match)) total += ms - (snapshot.get(pid) ?? 0);
  return total;
}

/**
 * CPU time (ms) the whole machine has spent busy so far, over all cores (`/proc/stat`: all but
 * idle and iowait). Over a window, minus the processes of a figure, it is what other work on
 * the machine took meanwhile.
 */
export function machineBusyMs() {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - fields[3] - fields[4]) * 10;
}

/** `cpuSnapshot` matchers: the Redis server, and the PostgreSQL backends serving database `name`. */
export const redisServer = ({ comm }) => comm === "redis-server";
export const postgresBackendsOf = (name) => ({ comm, cmdline }) => comm === "postgres" && cmdline().includes(` ${name} `);

/**
 * Waits until the processes `pids` are idle (under 5 % of a core over 250 ms, at most `maxMs`)
 * after collecting this process's garbage. One figure measured right after another on the same
 * 2 cores must not pay for the first one's aftermath: the streams it closed, its servers' and
 * this load generator's garbage. Resolves the milliseconds waited.
 */
export async function settle(pids, maxMs = 15_000) {
  const t0 = performance.now();
  collectGarbage();
  let last = pids.map(cpuMs);
  while (performance.now() - t0 < maxMs) {
    await sleep(250);
    const now = pids.map(cpuMs);
    const busy = now.some((ms, i) => ms - last[i] > 12);
    last = now;
    if (!busy) break;
  }
  return Math.round(performance.now() - t0);
}

/** A full GC of this process (V8's `gc()`, exposed at run time rather than by a flag). */
let gc = null;
function collectGarbage() {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc");
  }
  gc();
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Prints the figures of one script and, last, a `RESULT <json>` line that `run-all.mjs` reads.
 * A figure: {figure, value, unit, budget, met (true/false/null), params}.
 */
export function report(figures) {
  for (const f of figures) {
    const met = f.met === null || f.met === undefined ? "" : f.met ? " (met)" : " (NOT met)";
    console.log(`${f.figure}: ${f.value} ${f.unit}  budget ${f.budget ?? "report"}${met}`);
  }
  console.log(`RESULT ${JSON.stringify(figures)}`);
}
