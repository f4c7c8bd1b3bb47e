// Persisted sends/s: `listeners` SSE streams in one public channel; senders post text messages
// as fast as the server acknowledges (`concurrency` in flight) for `count` messages: msgs/s.
// Then a fixed `rate`/s for `seconds`: p99 send latency (POST to 200).
//   node bench/sends.mjs [--listeners 100] [--concurrency 32] [--count 20000] [--warmup 2000] [--rate 500] [--seconds 5]
import { args, cpuMs, createChannel, createUser, login, percentile, pool, report, round, seedAdmin, sleep, startServer } from "./lib.mjs";
import { countingSse, rawHttpPool } from "./raw-client.mjs";

const opt = args({ listeners: 100, concurrency: 32, count: 20_000, warmup: 2_000, rate: 500, seconds: 5 });

const server = await startServer();
const clients = [];
try {
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "sends");
  const senderEmails = await pool(4, 4, (i) => createUser(server.base, admin, `sender${i}`));
  const senders = await pool(4, 4, (i) => login(server.base, senderEmails[i]));
  const listenerEmail = await createUser(server.base, admin, "listener");
  const sessions = await pool(opt.listeners, 8, () => login(server.base, listenerEmail));
  await pool(opt.listeners, 50, async (i) => {
    const c = await countingSse(server.base, sessions[i].token);
    clients.push(c);
    await c.ready;
  });
  await sleep(500);

  // Raw keep-alive connections (bench/raw-client.mjs): node:http's client would cost the load
  // generator more CPU per request than the server spends on it.
  const http = rawHttpPool(server.base, opt.concurrency);
  clients.push(http);
  const send = async (i) => {
    const start = performance.now();
    const headers = { "x-api-key": senders[i % senders.length].token, "content-type": "text/plain" };
    const res = await http.request("POST", `/api/group/${gid}/send`, headers, `load ${i}`);
    if (res.status !== 200) throw new Error(`send: ${res.status} ${res.body}`);
    return performance.now() - start;
  };

  // Warm-up (the JIT settles on the send path), then saturation.
  await pool(opt.warmup, opt.concurrency, send);
  const t0 = performance.now();
  const serverCpu0 = cpuMs(server.pid);
  const loadCpu0 = process.cpuUsage();
  await pool(opt.count, opt.concurrency, (i) => send(i));
  const elapsed = (performance.now() - t0) / 1000;
  const loadCpu = process.cpuUsage(loadCpu0);
  // Who was busy: a share near 100 % is the side that bounds the figure.
  const serverCpuMs = cpuMs(server.pid) - serverCpu0;
  const cpuShare = {
    server: round(serverCpuMs / 10 / elapsed, 0),
    loadGenerator: round((loadCpu.user + loadCpu.system) / 10_000 / elapsed, 0),
    serverUsPerMessage: round((serverCpuMs * 1000) / opt.count, 0),
  };
  console.log(
    `saturation phase: server ${cpuShare.server} % of a core (${cpuShare.serverUsPerMessage} µs CPU per message), load generator ${cpuShare.loadGenerator} %`,
  );
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

  const received = clients.reduce((sum, c) => sum + (c.chats ?? 0), 0);
  const params = { ...opt, cpuShare, received, expectedReceived: (opt.count + opt.warmup + total) * opt.listeners };
  report([
    { figure: "persisted sends/s", value: Math.round(throughput), unit: "msg/s", budget: ">= 5,000/s", met: throughput >= 5000, params },
    { figure: `send latency p50 at ${opt.rate}/s`, value: round(p50, 2), unit: "ms", budget: null, met: null, params },
    { figure: `send latency p99 at ${opt.rate}/s`, value: round(p99, 2), unit: "ms", budget: "<= 10 ms", met: p99 <= 10, params },
  ]);
} finally {
  for (const c of clients) c.close();
  await server.stop();
}
