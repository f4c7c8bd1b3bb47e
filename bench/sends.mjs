// Persisted sends/s: `listeners` SSE streams in one public channel; senders post text messages
// as fast as the server acknowledges (`concurrency` in flight) for `count` messages: msgs/s.
// Then a fixed `rate`/s for `seconds`: p99 send latency (POST to 200).
//   node bench/sends.mjs [--listeners 100] [--concurrency 32] [--count 5000] [--rate 500] [--seconds 5]
import { args, createChannel, createUser, login, openSse, percentile, pool, report, round, seedAdmin, sleep, startServer, request } from "./lib.mjs";

const opt = args({ listeners: 100, concurrency: 32, count: 5000, rate: 500, seconds: 5 });

const server = await startServer();
const clients = [];
try {
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "sends");
  const senderEmails = await pool(4, 4, (i) => createUser(server.base, admin, `sender${i}`));
  const senders = await pool(4, 4, (i) => login(server.base, senderEmails[i]));
  const listenerEmail = await createUser(server.base, admin, "listener");
  const sessions = await pool(opt.listeners, 8, () => login(server.base, listenerEmail));
  let received = 0;
  await pool(opt.listeners, 50, async (i) => {
    const c = await openSse(server.base, sessions[i].token, { onFrame: (d) => d.startsWith('{"type":"chat"') && received++ });
    clients.push(c);
    await c.ready;
  });
  await sleep(500);

  const send = async (i) => {
    const start = performance.now();
    const res = await request(server.base, "POST", `/api/group/${gid}/send`, { token: senders[i % senders.length].token, text: `load ${i}` });
    if (res.status !== 200) throw new Error(`send: ${res.status} ${res.body}`);
    return performance.now() - start;
  };

  // Warm-up, then saturation.
  await pool(200, opt.concurrency, send);
  const t0 = performance.now();
  await pool(opt.count, opt.concurrency, (i) => send(i));
  const elapsed = (performance.now() - t0) / 1000;
  const throughput = opt.count / elapsed;

  // Fixed rate: `rate`/s in 10 ms ticks.
  await sleep(1_000);
  const total = opt.rate * opt.seconds;
  const perTick = opt.rate / 100;
  const latencies = [];
  const inflight = [];
  const r0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = r0 + Math.floor(i / perTick) * 10;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(send(i).then((ms) => latencies.push(ms)));
  }
  await Promise.all(inflight);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  await sleep(500);

  const params = { ...opt, received, expectedReceived: (opt.count + 200 + total) * opt.listeners };
  report([
    { figure: "persisted sends/s", value: Math.round(throughput), unit: "msg/s", budget: ">= 5,000/s", met: throughput >= 5000, params },
    { figure: `send latency p50 at ${opt.rate}/s`, value: round(p50, 2), unit: "ms", budget: null, met: null, params },
    { figure: `send latency p99 at ${opt.rate}/s`, value: round(p99, 2), unit: "ms", budget: "<= 10 ms", met: p99 <= 10, params },
  ]);
} finally {
  for (const c of clients) c.close();
  await server.stop();
}
