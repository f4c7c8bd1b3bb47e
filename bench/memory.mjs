// Idle memory: server RSS alone (3 s after start), then after seeding `connections` devices over
// `users` accounts, then with `connections` idle SSE streams open; KB per connection = RSS
// delta / connections. The budget's size is the default: 10,000 streams. The same clients first
// hold as many streams open on the raw node:http baseline (bench/baseline-server.mjs, same Node
// flags): what an HTTP connection costs in Node before Parley adds anything. `--websocket true`
// then measures the same on a second fresh server with idle WebSocket streams
// (`/api/user/events_ws`) instead of SSE.
// `--settle` is how long the streams idle before the reading (5 s; V8 returns a burst's memory
// when its memory reducer runs: scripts/runtime.mjs).
//   node bench/memory.mjs [--connections 10000] [--users 500] [--baseline true] [--websocket true] [--settle 5]
import { args, pool, report, round, rssKb, seedAdmin, sleep, startBaseline, startServer, createChannel, thirdPartyLogins } from "./lib.mjs";
import { countingSse } from "./raw-client.mjs";

const opt = args({ connections: 10_000, users: 500, baseline: "true", websocket: "true", settle: 5 });
const users = Math.min(opt.users, opt.connections);

/** RSS growth (KB) of process `pid` per stream once `tokens.length` idle streams are open. */
async function perStream(base, pid, tokens, clients, websocket = false) {
  const before = rssKb(pid);
  await pool(tokens.length, 50, async (i) => {
    const c = await countingSse(base, tokens[i], { websocket });
    clients.push(c);
    await c.ready;
  });
  await sleep(opt.settle * 1000);
  const after = rssKb(pid);
  return { before, after, perConn: (after - before) / tokens.length };
}

let baseline = null;
if (opt.baseline === "true") {
  const b = await startBaseline();
  const held = [];
  try {
    await sleep(2_000);
    baseline = await perStream(b.base, b.pid, Array.from({ length: opt.connections }, () => "x"), held);
  } finally {
    for (const c of held) c.close();
    await b.stop();
  }
}

const server = await startServer();
const clients = [];
try {
  await sleep(3_000);
  // "Alone": started, migrated, nothing seeded. The seeding below hashes the admin's password
  // (argon2, 19 MiB), which leaves the allocator's arenas larger; the delta uses the seeded figure.
  const fresh = rssKb(server.pid);
  const admin = await seedAdmin(server.base);
  await createChannel(server.base, admin, "general");
  // Third-party logins: no password hash per device (bench/lib.mjs).
  const sessions = await thirdPartyLogins(server.base, admin, opt.connections, users, "mem");
  await sleep(opt.settle * 1000);
  const { before: alone, after: withConns, perConn } = await perStream(
    server.base,
    server.pid,
    sessions.map((s) => s.token),
    clients,
  );
  const params = { connections: opt.connections, users, rssFreshKb: fresh, rssSeededKb: alone, rssWithConnectionsKb: withConns };
  report([
    { figure: "idle RSS, server alone", value: round(fresh / 1024), unit: "MB", budget: "<= 70 MB", met: fresh / 1024 <= 70, params },
    { figure: `idle RSS after seeding ${users} users, ${opt.connections} logins`, value: round(alone / 1024), unit: "MB", budget: null, met: null },
    {
      figure: `RSS per idle SSE connection (${opt.connections})`,
      value: round(perConn),
      unit: "KB/conn",
      budget: "<= 8 KB/conn (at 10,000)",
      met: perConn <= 8,
      params,
    },
    ...(baseline
      ? [
          {
            figure: `raw node:http baseline: RSS per idle stream (${opt.connections})`,
            value: round(baseline.perConn),
            unit: "KB/conn",
            budget: null,
            met: null,
            params: { rssBeforeKb: baseline.before, rssAfterKb: baseline.after },
          },
        ]
      : []),
  ]);
} finally {
  for (const c of clients) c.close();
  await server.stop();
}

// The WebSocket stream on its own fresh server: RSS freed by closed streams would be reused and
// hide the second transport's cost on the same process.
if (opt.websocket === "true") {
  const wsServer = await startServer();
  const held = [];
  try {
    await sleep(3_000);
    const admin = await seedAdmin(wsServer.base);
    await createChannel(wsServer.base, admin, "general");
    const sessions = await thirdPartyLogins(wsServer.base, admin, opt.connections, users, "memws");
    await sleep(opt.settle * 1000);
    const m = await perStream(wsServer.base, wsServer.pid, sessions.map((s) => s.token), held, true);
    report([
      {
        figure: `RSS per idle WebSocket connection (${opt.connections})`,
        value: round(m.perConn),
        unit: "KB/conn",
        budget: "<= 8 KB/conn (at 10,000)",
        met: m.perConn <= 8,
        params: { connections: opt.connections, users, rssBeforeKb: m.before, rssAfterKb: m.after },
      },
    ]);
  } finally {
    for (const c of held) c.close();
    await wsServer.stop();
  }
}
