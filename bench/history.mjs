// History: a channel seeded with `messages` messages (inserted straight into the SQLite file with
// better-sqlite3, the FTS trigger included), then `requests` sequential
// `GET /api/group/{gid}/history?limit=100&before=<random mid>`; p50/p99.
//   node bench/history.mjs [--messages 100000] [--requests 1000]
import Database from "better-sqlite3";
import { args, createChannel, percentile, report, request, round, seedAdmin, sendText, startServer } from "./lib.mjs";

const opt = args({ messages: 100_000, requests: 1000 });

const server = await startServer();
try {
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "history");
  // One message through the API, so the rows below copy what the server writes.
  const firstMid = await sendText(server.base, admin, gid, "first");

  const db = new Database(server.dbFile);
  db.pragma("busy_timeout = 10000");
  const template = db.prepare("SELECT * FROM messages WHERE mid = ?").get(firstMid);
  const cols = Object.keys(template).filter((c) => c !== "mid");
  const insert = db.prepare(`INSERT INTO messages (${cols.join(", ")}) VALUES (${cols.map((c) => "@" + c).join(", ")})`);
  const seedStart = performance.now();
  const now = Date.now();
  db.transaction(() => {
    for (let i = 1; i < opt.messages; i++) {
      insert.run({ ...template, content: `history message ${i} lorem ipsum dolor sit amet`, created_at: now - (opt.messages - i) * 1000 });
    }
  })();
  const lastMid = db.prepare("SELECT max(mid) AS m FROM messages").get().m;
  db.close();
  const seedS = (performance.now() - seedStart) / 1000;

  // Sanity check: the API sees the seeded rows.
  const check = await request(server.base, "GET", `/api/group/${gid}/history?limit=100`, { token: admin.token });
  if (check.status !== 200 || check.json().length !== 100) throw new Error(`history check: ${check.status} ${check.body.slice(0, 200)}`);

  const lat = [];
  for (let i = 0; i < 50 + opt.requests; i++) {
    const before = firstMid + 100 + Math.floor(Math.random() * (lastMid - firstMid - 100));
    const start = performance.now();
    const res = await request(server.base, "GET", `/api/group/${gid}/history?limit=100&before=${before}`, { token: admin.token });
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`history: ${res.status}`);
    if (i >= 50) lat.push(ms); // the first 50 warm up
  }
  const p50 = percentile(lat, 50);
  const p99 = percentile(lat, 99);
  const params = { messages: opt.messages, requests: opt.requests, seedSeconds: round(seedS) };
  report([
    { figure: `history limit=100 p50 (${opt.messages} msgs)`, value: round(p50, 2), unit: "ms", budget: "p50 <= 2 ms (1,000,000 msgs)", met: p50 <= 2, params },
    { figure: `history limit=100 p99 (${opt.messages} msgs)`, value: round(p99, 2), unit: "ms", budget: null, met: null, params },
  ]);
} finally {
  await server.stop();
}
