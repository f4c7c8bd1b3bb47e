// Webhook deliveries through the outbox (server/src/webhooks/): a bot whose webhook_url is a
// local receiver (node:http, 200 to everything; PREVIEW_ALLOW_PRIVATE=1 lets the server reach
// loopback). First `count` DMs to the bot at `concurrency` in flight: deliveries/s from the first
// send to the last delivery received. Then a fixed `rate`/s for `seconds`: delivery latency, from
// the send's POST to the receiver having the body, p50 / p99. Every delivery's signature is checked
// and every mid must arrive exactly once.
//   node bench/webhooks.mjs [--count 5000] [--concurrency 32] [--rate 200] [--seconds 5] [--pg]
import { createHmac } from "node:crypto";
import http from "node:http";
import { args, cpuMs, createUser, login, percentile, PG, pool, report, request, round, seedAdmin, sleep, startServer } from "./lib.mjs";

const opt = args({ count: 5_000, concurrency: 32, rate: 200, seconds: 5 });

/** The receiver: when each mid arrived, how often, and whether every signature held. */
function startReceiver() {
  const arrived = new Map();
  const state = { secret: null, badSignatures: 0, duplicates: 0 };
  const server = http.createServer((req, res) => {
    if (req.method !== "POST") return res.writeHead(200).end("ok");
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const timestamp = req.headers["x-parley-timestamp"];
      if (state.secret) {
        const expected = `sha256=${createHmac("sha256", state.secret).update(`${timestamp}.${body}`).digest("hex")}`;
        if (req.headers["x-parley-signature"] !== expected) state.badSignatures++;
      }
      const { mid } = JSON.parse(body);
      if (arrived.has(mid)) state.duplicates++;
      else arrived.set(mid, at);
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}/hook`, arrived, state, close: () => server.close() })),
  );
}

async function waitForAll(arrived, mids, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (mids.some((m) => !arrived.has(m))) {
    if (Date.now() > deadline) throw new Error(`${mids.filter((m) => !arrived.has(m)).length} deliveries missing after ${timeoutMs} ms`);
    await sleep(5);
  }
}

const receiver = await startReceiver();
const server = await startServer({ PREVIEW_ALLOW_PRIVATE: "1" });
try {
  const admin = await seedAdmin(server.base);
  const created = await request(server.base, "POST", "/api/admin/user", {
    token: admin.token,
    json: { email: "hook@bench.test", password: "", name: "HookBot", gender: 0, is_admin: false, is_bot: true, webhook_url: receiver.url },
  });
  if (created.status !== 200) throw new Error(`create bot: ${created.status} ${created.body}`);
  const bot = created.json().uid;
  const secret = await request(server.base, "GET", `/api/admin/user/bot-webhook-secret/${bot}`, { token: admin.token });
  receiver.state.secret = secret.json().secret;
  const sender = await login(server.base, await createUser(server.base, admin, "sender"));

  const starts = new Map();
  const send = async (i) => {
    const start = performance.now();
    const res = await request(server.base, "POST", `/api/user/${bot}/send`, { token: sender.token, text: `hook ${i}` });
    if (res.status !== 200) throw new Error(`send: ${res.status} ${res.body}`);
    const mid = Number(res.body);
    starts.set(mid, start);
    return mid;
  };

  // Throughput: as fast as the server takes the sends; the clock stops at the last delivery.
  await pool(200, 16, send); // warm-up
  await waitForAll(receiver.arrived, [...starts.keys()]);
  const t0 = performance.now();
  const cpu0 = cpuMs(server.pid);
  const mids = await pool(opt.count, opt.concurrency, send);
  await waitForAll(receiver.arrived, mids);
  const elapsed = (Math.max(...mids.map((m) => receiver.arrived.get(m))) - t0) / 1000;
  const throughput = opt.count / elapsed;
  // Server CPU per message: its send and its delivery (a send alone is ~170 µs: bench/sends.mjs).
  const usPerMessage = round(((cpuMs(server.pid) - cpu0) * 1000) / opt.count, 0);
  console.log(`throughput phase: server ${round((cpuMs(server.pid) - cpu0) / 10 / elapsed, 0)} % of a core, ${usPerMessage} µs CPU per send + delivery`);

  // Latency at a fixed rate, in 10 ms ticks.
  await sleep(1_000);
  const total = opt.rate * opt.seconds;
  const perTick = opt.rate / 100;
  const inflight = [];
  const rateCpu0 = cpuMs(server.pid);
  const r0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = r0 + Math.floor(i / perTick) * 10 - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(send(opt.count + i));
  }
  const rated = await Promise.all(inflight);
  await waitForAll(receiver.arrived, rated);
  const latencies = rated.map((m) => receiver.arrived.get(m) - starts.get(m));
  // At a fixed rate a pass usually carries one delivery: what each one costs on its own.
  const usPerRated = round(((cpuMs(server.pid) - rateCpu0) * 1000) / total, 0);
  console.log(`rated phase: ${usPerRated} µs CPU per send + delivery at ${opt.rate}/s`);
  await sleep(500);

  const params = { ...opt, database: PG ? "postgres" : "sqlite", usPerMessage, usPerRated, ...receiver.state, secret: undefined };
  if (receiver.state.badSignatures || receiver.state.duplicates) throw new Error(`bad signatures ${receiver.state.badSignatures}, duplicates ${receiver.state.duplicates}`);
  report([
    { figure: "webhook deliveries/s (send to last delivery)", value: Math.round(throughput), unit: "deliveries/s", budget: null, met: null, params },
    { figure: `webhook delivery latency p50 at ${opt.rate}/s`, value: round(percentile(latencies, 50), 2), unit: "ms", budget: null, met: null, params },
    { figure: `webhook delivery latency p99 at ${opt.rate}/s`, value: round(percentile(latencies, 99), 2), unit: "ms", budget: null, met: null, params },
  ]);
} finally {
  receiver.close();
  await server.stop();
}
