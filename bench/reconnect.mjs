// Reconnect storm: `clients` SSE streams (one device each, spread over `users` accounts) in one
// public channel; each remembers the last chat mid it saw and its users version; all
// disconnect; `missed` messages are sent; all reconnect at once with `after_mid` (and
// `users_version`, as the web client does). Per client: the time from the start of the storm
// until it has every missed message; p50/p99 and the total (the last client). Each client must
// get exactly the missed mids, ascending, once: gaps, duplicates and disorder are counted. The
// servers' CPU time over the storm, per reconnect, is the figure that does not depend on how
// much of the machine the load generator took.
//
// `--nodes N` runs a cluster instead of one server (PostgreSQL + Redis, bench/lib.mjs
// `startCluster`): the streams are spread over the nodes, and all reconnect at once to the same
// nodes (a proxy restart). With `--kill true` (N >= 2) every stream starts on the last node,
// which is killed (SIGKILL) instead of the clients closing: the storm a dead node causes, onto
// the other nodes, which have not seen these clients before.
//
// `--client raw` (default) reads the storm's streams with bench/raw-client.mjs (bare sockets
// that find the chat mids and `ready` without decoding), `--client http` with node:http and a
// frame parser (the client of the figures before 2026-11-26, which takes more of the machine).
//   node bench/reconnect.mjs [--clients 5000] [--users 100] [--missed 50] [--pg] [--nodes 0] [--kill false] [--client raw]
import fs from "node:fs";
import { args, cpuMs, cpuSince, cpuSnapshot, createChannel, openSse, percentile, pool, postgresBackendsOf, redisServer, report, round, seedAdmin, sendText, settle, sleep, startCluster, startServer, thirdPartyLogins } from "./lib.mjs";
import { countingSse } from "./raw-client.mjs";

const opt = args({ clients: 5000, users: 100, missed: 50, nodes: 0, kill: "false", client: "raw" });
const users = Math.min(opt.users, opt.clients);
const kill = opt.kill === "true";
if (kill && opt.nodes < 2) throw new Error("--kill needs --nodes 2 or more");

// Both ends of every stream live on this machine: the server's socket and ours, in two processes.
const fdLimit = Number(/Max open files\s+(\d+)/.exec(fs.readFileSync("/proc/self/limits", "utf8"))?.[1] ?? Infinity);
if (fdLimit < opt.clients + 500) throw new Error(`open-files limit ${fdLimit} is below ${opt.clients} streams: raise it (ulimit -n)`);

const phase = (what) => console.log(`${round(performance.now() / 1000)} s: ${what}`);
const midOf = (data) => Number(/"mid":(\d+)/.exec(data)[1]);

const cluster = opt.nodes > 0 ? await startCluster(opt.nodes) : null;
const nodes = cluster ? cluster.nodes : [await startServer()];
const stopAll = () => (cluster ? cluster.stop() : nodes[0].stop());
// Where client i streams before the storm, and where it reconnects.
const before = (i) => (kill ? nodes[nodes.length - 1] : nodes[i % nodes.length]);
const survivors = kill ? nodes.slice(0, -1) : nodes;
const after = (i) => survivors[i % survivors.length];
let clients = [];
try {
  const seedStart = performance.now();
  const base = nodes[0].base;
  const admin = await seedAdmin(base);
  const gid = await createChannel(base, admin, "storm");
  const sessions = await thirdPartyLogins(base, admin, opt.clients, users, "storm");
  const seedS = (performance.now() - seedStart) / 1000;
  phase(`${opt.clients} devices logged in`);

  // First connection: every client learns the last chat mid (one message sent while connected).
  const state = sessions.map(() => ({ lastMid: 0, usersVersion: null }));
  await pool(opt.clients, 50, async (i) => {
    const s = state[i];
    const c = await openSse(before(i).base, sessions[i].token, {
      onFrame: (data) => {
        if (data.startsWith('{"type":"chat"')) s.lastMid = Math.max(s.lastMid, midOf(data));
        else if (data.startsWith('{"type":"users_snapshot"')) s.usersVersion = JSON.parse(data).version;
      },
    });
    clients.push(c);
    await c.ready;
  });
  phase("streams open");
  const marker = await sendText(base, admin, gid, "before the storm");
  const markDeadline = performance.now() + 60_000;
  while (!state.every((s) => s.lastMid === marker)) {
    if (performance.now() > markDeadline) throw new Error(`not every client got the message sent before the storm: ${state.filter((s) => s.lastMid !== marker).length} of ${state.length} did not (their last mids: ${[...new Set(state.filter((s) => s.lastMid !== marker).map((s) => s.lastMid))].slice(0, 5)}; the marker ${marker})`);
    await sleep(50);
  }

  phase("every client has the last message");
  if (kill) {
    // The node dies; the kernel resets its streams' sockets.
    await nodes[nodes.length - 1].kill();
    phase(`node ${nodes.length} killed`);
  } else {
    // All disconnect; the server sees the sockets close.
    for (const c of clients) c.close();
  }
  clients = [];
  await sleep(2_000);
  const sent = [];
  for (let i = 0; i < opt.missed; i++) sent.push(await sendText(base, admin, gid, `missed ${i} lorem ipsum dolor sit amet`));
  await sleep(500);
  const pids = survivors.map((n) => n.pid);
  await settle(pids);

  phase(`${opt.missed} messages sent; the storm starts`);
  // The storm: every client reconnects at once.
  const sentSet = new Set(sent);
  const got = state.map(() => []);
  const have = new Array(opt.clients).fill(0);
  const doneAt = new Array(opt.clients).fill(0);
  const onChat = (i, mid, now) => {
    got[i].push(mid);
    // Counts arrivals of missed mids; duplicates are found by the check below.
    if (sentSet.has(mid) && ++have[i] === opt.missed) doneAt[i] = now;
  };
  // PostgreSQL's backends of this run's database, and Redis (shared with any other work).
  const dbName = cluster ? cluster.databaseName : nodes[0].databaseUrl ? new URL(nodes[0].databaseUrl).pathname.slice(1) : null;
  const postgres = dbName ? postgresBackendsOf(dbName) : null;
  const pg0 = postgres ? cpuSnapshot(postgres) : null;
  const redis0 = cluster ? cpuSnapshot(redisServer) : null;
  const cpu0 = pids.map(cpuMs);
  const load0 = process.cpuUsage();
  const t0 = performance.now();
  const opened = await Promise.allSettled(
    state.map((s, i) => {
      const query = `&after_mid=${s.lastMid}${s.usersVersion === null ? "" : `&users_version=${s.usersVersion}`}`;
      const token = sessions[i].token;
      return opt.client === "http"
        ? openSse(after(i).base, token, {
            query,
            onFrame: (data, now) => {
              if (data.startsWith('{"type":"chat"')) onChat(i, midOf(data), now);
            },
          })
        : countingSse(after(i).base, token, { query, onChat: (mid, now) => onChat(i, mid, now) });
    }),
  );
  phase("every stream open");
  clients = opened.filter((o) => o.status === "fulfilled").map((o) => o.value);
  const failedOpens = opened.length - clients.length;
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline && !doneAt.every(Boolean)) await sleep(20);
  const caughtUpAt = performance.now();
  const serverCpuMs = pids.map(cpuMs).reduce((sum, ms, k) => sum + ms - cpu0[k], 0);
  const loadCpu = process.cpuUsage(load0);
  const postgresMs = postgres ? cpuSince(pg0, postgres) : null;
  const redisMs = cluster ? cpuSince(redis0, redisServer) : null;
  let timer;
  await Promise.race([Promise.all(clients.map((c) => c.ready)), new Promise((r) => (timer = setTimeout(r, Math.max(0, deadline - performance.now()))))]);
  clearTimeout(timer);
  phase("every client caught up and ready");
  await sleep(1_000); // late duplicates, if any, arrive

  // Exactly the missed mids, ascending, once each.
  const expected = sent.join(",");
  let incomplete = 0;
  let wrong = 0;
  for (let i = 0; i < opt.clients; i++) {
    if (!doneAt[i]) incomplete++;
    else if (got[i].join(",") !== expected) wrong++;
  }
  const times = doneAt.filter(Boolean).map((t) => t - t0);
  const total = incomplete ? NaN : Math.max(...times);
  const stormS = (caughtUpAt - t0) / 1000;
  // The servers' CPU over the storm (until the last client caught up), per reconnect, and the
  // share of the machine each side took (clock ticks of 10 ms: coarse, fine over seconds).
  const cpu = {
    serverUsPerReconnect: Math.round((serverCpuMs * 1000) / opt.clients),
    serverCoreShare: round(serverCpuMs / 10 / stormS, 0),
    loadGeneratorCoreShare: round((loadCpu.user + loadCpu.system) / 10_000 / stormS, 0),
    postgresUsPerReconnect: postgresMs === null ? null : Math.round((postgresMs * 1000) / opt.clients),
    redisUsPerReconnect: redisMs === null ? null : Math.round((redisMs * 1000) / opt.clients),
  };
  for (const node of survivors) {
    // For `BENCH_SERVER_ARGS="--cpu-prof …"`: the storm in the profile's clock (from the spawn, a little early).
    console.log(`storm in a profile of the server on ${node.base}: --from ${Math.round(t0 - node.spawnedAt)} --to ${Math.round(caughtUpAt - node.spawnedAt)}`);
  }
  console.log(
    `servers' CPU during the storm: ${round(serverCpuMs)} ms (${cpu.serverUsPerReconnect} µs per reconnect); servers ${cpu.serverCoreShare} % of a core, load generator ${cpu.loadGeneratorCoreShare} %` +
      (postgresMs === null ? "" : `; PostgreSQL ${postgresMs} ms (${cpu.postgresUsPerReconnect} µs per reconnect)`) +
      (redisMs === null ? "" : `, Redis ${redisMs} ms (${cpu.redisUsPerReconnect} µs per reconnect)`),
  );
  const dialect = cluster ? "postgres+redis" : nodes[0].dialect;
  const params = { clients: opt.clients, users, missed: opt.missed, dialect, nodes: nodes.length, kill, client: opt.client, failedOpens, incomplete, gapsDuplicatesOrDisorder: wrong, seedSeconds: round(seedS), cpu };
  const n = opt.clients.toLocaleString("en-US");
  const where = cluster ? (kill ? `, node killed, onto ${survivors.length} of ${nodes.length}` : `, ${nodes.length} node${nodes.length > 1 ? "s" : ""} + Redis`) : "";
  const verified = incomplete === 0 && wrong === 0 && failedOpens === 0;
  report([
    { figure: `reconnect storm p50 per client (${n} clients, ${opt.missed} missed${where})`, value: round(percentile(times, 50)), unit: "ms", budget: null, met: null, params },
    { figure: `reconnect storm p99 per client (${n} clients${where})`, value: round(percentile(times, 99)), unit: "ms", budget: null, met: null, params },
    { figure: `reconnect storm, all caught up (${n} clients${where})`, value: round(total), unit: "ms", budget: "<= 2 s (issue 16)", met: verified && total <= 2_000, params },
    { figure: `reconnect storm, server CPU per reconnect (${n} clients${where})`, value: cpu.serverUsPerReconnect, unit: "µs", budget: null, met: null, params },
    {
      figure: `reconnect storm, clients with exactly the ${opt.missed} missed mids in order${where}`,
      value: `${opt.clients - incomplete - wrong} / ${opt.clients}`,
      unit: "",
      budget: "no gaps",
      met: verified,
      params,
    },
  ]);
} finally {
  for (const c of clients) c.close();
  await stopAll();
}
