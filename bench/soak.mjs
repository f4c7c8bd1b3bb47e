// Soak (docs/RELIABILITY.md): N clients hold the event stream for a long time while a share of
// them chat at a human rate; the server's RSS is sampled every 10 s. Passes when the server's
// own memory (RssAnon: the JS heap and native allocations) at the end is within ±10 % of its
// level just after the warm-up (median of a minute each, so one GC's sawtooth is not a drift)
// and every acknowledged message reached every stream of its audience and is in the channel's
// history. VmRSS is reported too, but it also counts RssFile: the pages of the node executable
// and libraries the kernel has read in, which grow as more code runs and shrink when the kernel
// reclaims them under memory pressure, so it moves with the machine, not with the server.
//
//   npm run soak -- [--clients 1000] [--minutes 30] [--rate 25] [--warmup 5] [--history 50000]
//
// --rate is messages per second over all senders (each sender pauses 20–60 s between its own
// messages, so the senders are `rate × 40` clients); --warmup is minutes before the baseline.
// --history is how many messages the channel holds before the soak starts: a server that has
// been in use, whose bounded caches (SQLite's page cache: 16 MB, better-sqlite3's default) are
// warm. Without it the page cache fills during the soak, and that bounded growth reads as drift.
import fs from "node:fs";
import { args, createChannel, openSse, percentile, pool, round, seedAdmin, seedMessageCopies, sleep, startServer, thirdPartyLogins } from "./lib.mjs";

/** VmRSS and its anonymous and file-backed parts, in MB, from /proc/<pid>/status. */
function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, anonMb: kb("RssAnon") / 1024, fileMb: kb("RssFile") / 1024 };
}

/** Every mid of the channel's history, read back page by page as a client scrolls. */
async function readHistory(base, token, gid) {
  const mids = new Set();
  let before = "";
  for (;;) {
    const res = await fetch(`${base}/api/group/${gid}/history?limit=1000${before}`, { headers: { "x-api-key": token } });
    const rows = await res.json();
    for (const r of rows) mids.add(r.mid);
    if (rows.length < 1000) return mids;
    before = `&before=${Math.min(...rows.map((r) => r.mid))}`;
  }
}

const opts = args({ clients: 1000, minutes: 30, rate: 25, warmup: 5, history: 50_000 });
const durationMs = opts.minutes * 60_000;
const warmupMs = Math.min(opts.warmup * 60_000, durationMs / 3);

const server = await startServer({ ACCESS_TOKEN_TTL: String(Math.ceil(durationMs / 1000) + 3600) });
let failed = false;
try {
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "soak");
  console.log(`seeding ${opts.clients} clients…`);
  const users = await thirdPartyLogins(server.base, admin, opts.clients, opts.clients, "soak");
  if (opts.history > 0) {
    // One message through the API, the rest copied in SQL (as history.mjs does): the history
    // is there to be stored, indexed and read back, not to time the send path.
    const first = await fetch(`${server.base}/api/group/${gid}/send`, {
      method: "POST",
      headers: { "x-api-key": admin.token, "content-type": "text/plain" },
      body: "history 0: lorem ipsum",
    });
    console.log(`writing ${opts.history} messages of history…`);
    await seedMessageCopies(server, Number(await first.text()), opts.history - 1, "history");
    // Someone scrolls to the top once: the server reads the whole history, as a server in use
    // has, so its page cache starts full instead of filling during the soak.
    await readHistory(server.base, admin.token, gid);
  }

  // Every client holds a stream and counts the soak messages it receives, by mid.
  const received = users.map(() => new Set());
  let streamErrors = 0;
  const streams = await pool(users.length, 50, (i) =>
    openSse(server.base, users[i].token, {
      onFrame: (data) => {
        if (!data.startsWith('{"type":"chat"')) return;
        const e = JSON.parse(data);
        if (e.target?.gid === gid) received[i].add(e.mid);
      },
    }).then((client) => {
      client.res.on("close", () => streamErrors++);
      return client;
    }),
  );
  await Promise.all(streams.map((s) => s.ready));
  console.log(`${streams.length} streams ready; soaking for ${opts.minutes} min at ~${opts.rate} msg/s`);

  const started = Date.now();
  const acked = [];
  let sendErrors = 0;
  const senders = users.slice(0, Math.min(users.length, Math.max(1, Math.round(opts.rate * 40))));
  const sendLoops = senders.map(async (u, n) => {
    // Spread the first messages over the first 40 s.
    await sleep(Math.random() * Math.min(40_000, durationMs / 2));
    for (let i = 0; Date.now() - started < durationMs; i++) {
      try {
        const res = await fetch(`${server.base}/api/group/${gid}/send`, {
          method: "POST",
          headers: { "x-api-key": u.token, "content-type": "text/plain" },
          body: `soak ${n}-${i}: ${"lorem ipsum ".repeat(1 + (i % 8))}`,
        });
        const text = await res.text();
        if (res.status === 200) acked.push(Number(text));
        else sendErrors++;
      } catch {
        sendErrors++;
      }
      await sleep(Math.min(20_000 + Math.random() * 40_000, Math.max(0, durationMs - (Date.now() - started))));
    }
  });

  const samples = [];
  const sampler = setInterval(() => {
    const t = (Date.now() - started) / 1000;
    const last = { t, ...memoryMb(server.pid) };
    samples.push(last);
    console.log(
      `t=${round(t, 0)} s  rss=${round(last.rssMb)} MB (anon ${round(last.anonMb)}, file ${round(last.fileMb)})  sent=${acked.length}  send errors=${sendErrors}  closed streams=${streamErrors}`,
    );
  }, 10_000);
  await Promise.all(sendLoops);
  clearInterval(sampler);
  // Let the last deliveries land.
  await sleep(3_000);

  const mids = new Set(acked);
  let undelivered = 0;
  for (const set of received) for (const mid of mids) if (!set.has(mid)) undelivered++;
  // Every acknowledged message is in the channel's history.
  const history = await readHistory(server.base, admin.token, gid);
  const lost = [...mids].filter((m) => !history.has(m)).length;
  for (const s of streams) s.close();

  // Drift: the median of the last minute against the median of the first minute after warm-up.
  const after = samples.filter((s) => s.t * 1000 >= warmupMs);
  const median = (rows, key) => percentile(rows.map((r) => r[key]), 50) || 0;
  const drift = (key) => {
    const base = median(after.slice(0, 6), key);
    const end = median(after.slice(-6), key);
    return { base, end, pct: base ? ((end - base) / base) * 100 : 0 };
  };
  const rss = drift("rssMb");
  const anon = drift("anonMb");
  const result = {
    clients: users.length,
    minutes: opts.minutes,
    sent: acked.length + sendErrors,
    acknowledged: acked.length,
    lost,
    undelivered,
    closedStreams: streamErrors,
    rssFirstMb: round(samples[0]?.rssMb ?? 0),
    rssAfterWarmupMb: round(rss.base),
    rssMinMb: round(Math.min(...after.map((s) => s.rssMb))),
    rssMaxMb: round(Math.max(...after.map((s) => s.rssMb))),
    rssLastMb: round(samples[samples.length - 1]?.rssMb ?? 0),
    rssDriftPct: round(rss.pct),
    anonAfterWarmupMb: round(anon.base),
    anonMinMb: round(Math.min(...after.map((s) => s.anonMb))),
    anonMaxMb: round(Math.max(...after.map((s) => s.anonMb))),
    anonEndMb: round(anon.end),
    anonDriftPct: round(anon.pct),
  };
  console.log(JSON.stringify(result, null, 2));
  failed = Math.abs(anon.pct) > 10 || lost > 0 || undelivered > 0;
  console.log(failed ? "SOAK FAILED" : "soak passed: the server's own memory within ±10 % after warm-up, no acknowledged message lost or undelivered");
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
