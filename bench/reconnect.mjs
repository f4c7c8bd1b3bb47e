// Reconnect storm: `clients` SSE streams (one device each, spread over `users` accounts) in one
// public channel; each remembers the last chat mid it saw and its users version; all
// disconnect; `missed` messages are sent; all reconnect at once with `after_mid` (and
// `users_version`, as the web client does). Per client: the time from the start of the storm
// until it has every missed message; p50/p99 and the total (the last client). Each client must
// get exactly the missed mids, ascending, once: gaps, duplicates and disorder are counted.
//   node bench/reconnect.mjs [--clients 5000] [--users 100] [--missed 50] [--pg]
import fs from "node:fs";
import { args, createChannel, openSse, percentile, pool, report, round, seedAdmin, sendText, sleep, startServer, thirdPartyLogins } from "./lib.mjs";

const opt = args({ clients: 5000, users: 100, missed: 50 });
const users = Math.min(opt.users, opt.clients);

// Both ends of every stream live on this machine: the server's socket and ours, in two processes.
const fdLimit = Number(/Max open files\s+(\d+)/.exec(fs.readFileSync("/proc/self/limits", "utf8"))?.[1] ?? Infinity);
if (fdLimit < opt.clients + 500) throw new Error(`open-files limit ${fdLimit} is below ${opt.clients} streams: raise it (ulimit -n)`);

const phase = (what) => console.log(`${round(performance.now() / 1000)} s: ${what}`);
const midOf = (data) => Number(/"mid":(\d+)/.exec(data)[1]);

const server = await startServer();
let clients = [];
try {
  const seedStart = performance.now();
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "storm");
  const sessions = await thirdPartyLogins(server.base, admin, opt.clients, users, "storm");
  const seedS = (performance.now() - seedStart) / 1000;
  phase(`${opt.clients} devices logged in`);

  // First connection: every client learns the last chat mid (one message sent while connected).
  const state = sessions.map(() => ({ lastMid: 0, usersVersion: null }));
  await pool(opt.clients, 50, async (i) => {
    const s = state[i];
    const c = await openSse(server.base, sessions[i].token, {
      onFrame: (data) => {
        if (data.startsWith('{"type":"chat"')) s.lastMid = Math.max(s.lastMid, midOf(data));
        else if (data.startsWith('{"type":"users_snapshot"')) s.usersVersion = JSON.parse(data).version;
      },
    });
    clients.push(c);
    await c.ready;
  });
  phase("streams open");
  const marker = await sendText(server.base, admin, gid, "before the storm");
  const markDeadline = performance.now() + 60_000;
  while (!state.every((s) => s.lastMid === marker)) {
    if (performance.now() > markDeadline) throw new Error("not every client got the message sent before the storm");
    await sleep(50);
  }

  phase("every client has the last message");
  // All disconnect; the server sees the sockets close; the missed messages are sent.
  for (const c of clients) c.close();
  clients = [];
  await sleep(2_000);
  const sent = [];
  for (let i = 0; i < opt.missed; i++) sent.push(await sendText(server.base, admin, gid, `missed ${i} lorem ipsum dolor sit amet`));
  await sleep(500);

  phase(`${opt.missed} messages sent; the storm starts`);
  // The storm: every client reconnects at once.
  const sentSet = new Set(sent);
  const got = state.map(() => []);
  const have = new Array(opt.clients).fill(0);
  const doneAt = new Array(opt.clients).fill(0);
  const t0 = performance.now();
  const opened = await Promise.allSettled(
    state.map((s, i) =>
      openSse(server.base, sessions[i].token, {
        query: `&after_mid=${s.lastMid}${s.usersVersion === null ? "" : `&users_version=${s.usersVersion}`}`,
        onFrame: (data, now) => {
          if (!data.startsWith('{"type":"chat"')) return;
          const mid = midOf(data);
          got[i].push(mid);
          // Counts arrivals of missed mids; duplicates are found by the check below.
          if (sentSet.has(mid) && ++have[i] === opt.missed) doneAt[i] = now;
        },
      }),
    ),
  );
  phase("every stream open");
  clients = opened.filter((o) => o.status === "fulfilled").map((o) => o.value);
  const failedOpens = opened.length - clients.length;
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline && !doneAt.every(Boolean)) await sleep(20);
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
  const params = { clients: opt.clients, users, missed: opt.missed, dialect: server.dialect, failedOpens, incomplete, gapsDuplicatesOrDisorder: wrong, seedSeconds: round(seedS) };
  const n = opt.clients.toLocaleString("en-US");
  const verified = incomplete === 0 && wrong === 0 && failedOpens === 0;
  report([
    { figure: `reconnect storm p50 per client (${n} clients, ${opt.missed} missed)`, value: round(percentile(times, 50)), unit: "ms", budget: null, met: null, params },
    { figure: `reconnect storm p99 per client (${n} clients)`, value: round(percentile(times, 99)), unit: "ms", budget: null, met: null, params },
    { figure: `reconnect storm, all caught up (${n} clients)`, value: round(total), unit: "ms", budget: null, met: null, params },
    {
      figure: `reconnect storm, clients with exactly the ${opt.missed} missed mids in order`,
      value: `${opt.clients - incomplete - wrong} / ${opt.clients}`,
      unit: "",
      budget: "no gaps",
      met: verified,
      params,
    },
  ]);
} finally {
  for (const c of clients) c.close();
  await server.stop();
}
