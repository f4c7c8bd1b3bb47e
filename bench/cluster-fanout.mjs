// Fan-out over a cluster (docs/CLUSTER.md): the same N SSE clients and the same message schedule
// against one node and against several, in one run, on one PostgreSQL database and Redis. Every
// configuration is a cluster (REDIS_URL set), so every event takes the Redis round trip in both:
// what differs is how many nodes share the streams (spread evenly, client i on node i mod k).
// The sender posts to the first node at a fixed rate; per message, latency = the last client's
// arrival − the start of its POST. Reported per configuration: p50/p99, delivery throughput
// (frames delivered / time from the first POST to the last arrival), and the CPU time of the
// nodes, PostgreSQL and Redis over the sending (`/proc`), per delivered frame and per message:
// the measured costs that docs/PERFORMANCE.md extrapolates to N nodes.
// `--nodes 1,2,1,2` alternates the configurations (on a machine shared with other work, the
// drift between two phases can be larger than the difference measured).
//   node bench/cluster-fanout.mjs [--clients 10000] [--users 500] [--messages 100] [--rate 10] [--nodes 1,2] [--redis-probe 100000]
import { openFanOutStreams } from "./fanout-streams.mjs";
import { args, cpuMs, cpuSince, cpuSnapshot, createChannel, machineBusyMs, percentile, postgresBackendsOf, redisServer, report, round, seedAdmin, sendText, settle, sleep, startCluster, thirdPartyLogins } from "./lib.mjs";

const opt = args({ clients: 10000, users: 500, messages: 100, rate: 10, nodes: "1,2", "redis-probe": 100000 });
const configs = String(opt.nodes).split(",").map(Number);

/**
 * Opens the streams (client i on `nodes[i % k]`), posts the messages at the fixed rate through
 * the first node, waits (bounded) for every client to have every message. Resolves the
 * latencies, the messages not delivered to all, the throughput and the CPU each side used.
 */
async function measure(nodes, idle, tokens, send, postgres) {
  const pids = nodes.map((n) => n.pid);
  const idlePids = idle.map((n) => n.pid);
  const streams = await openFanOutStreams(nodes.map((n) => n.base), tokens, pids);
  try {
    const nodeCpu0 = pids.map(cpuMs);
    const idleCpu0 = idlePids.map(cpuMs);
    const pgCpu0 = cpuSnapshot(postgres);
    const redisCpu0 = cpuSnapshot(redisServer);
    const loadCpu0 = process.cpuUsage();
    const machine0 = machineBusyMs();
    const r = await streams.run(opt.messages, opt.rate, send);
    const loadCpu = process.cpuUsage(loadCpu0);
    const cpu = {
      nodesMs: pids.map((pid, k) => cpuMs(pid) - nodeCpu0[k]),
      // A node without streams still hears every event: its CPU is the per-node cost of a message.
      idleNodesMs: idlePids.map((pid, k) => cpuMs(pid) - idleCpu0[k]),
      postgresMs: cpuSince(pgCpu0, postgres),
      redisMs: cpuSince(redisCpu0, redisServer),
      loadGeneratorMs: Math.round((loadCpu.user + loadCpu.system) / 1000),
      machineMs: machineBusyMs() - machine0,
      seconds: r.seconds,
    };
    // What the rest of the machine took meanwhile (other work on a shared machine).
    const ours = [...cpu.nodesMs, ...cpu.idleNodesMs, cpu.postgresMs, cpu.redisMs, cpu.loadGeneratorMs].reduce((a, b) => a + b, 0);
    cpu.othersMs = Math.max(0, cpu.machineMs - ours);
    return { ...r, cpu };
  } finally {
    streams.close();
  }
}

/**
 * What one event costs Redis on its single channel, by number of subscribers (nodes): `count`
 * PUBLISHes of a chat envelope of the real size (as cluster/redisBus.ts sends it) on a channel
 * of this run with 0, 1, 2, 4 and 8 subscriber connections, pipelined 500 at a time, each
 * subscriber waited for; the Redis server's CPU per PUBLISH. On a Redis shared with other work
 * the figure can only be too high.
 */
async function redisProbe(cluster, count) {
  const { Redis } = await import("ioredis");
  const channel = `parley:${cluster.schema}:probe`;
  const envelope = JSON.stringify({
    o: "bench-a-0123456789",
    e: { type: "chat", mid: 123456, from_uid: 1, created_at: Date.now(), target: { gid: 1 }, detail: { type: "normal", properties: null, content_type: "text/plain", content: "fanout 123 lorem ipsum dolor sit amet", expires_in: null } },
    a: { kind: "everyone" },
  });
  const publisher = new Redis(cluster.redisUrl);
  const out = [];
  try {
    for (const subscribers of [0, 1, 2, 4, 8]) {
      const subs = await Promise.all(Array.from({ length: subscribers }, () => new Redis(cluster.redisUrl)));
      let heard = 0;
      for (const sub of subs) {
        sub.on("message", () => heard++);
        await sub.subscribe(channel);
      }
      const before = cpuSnapshot(redisServer);
      const t0 = performance.now();
      for (let sentCount = 0; sentCount < count; sentCount += 500) {
        const batch = publisher.pipeline();
        for (let i = 0; i < 500; i++) batch.publish(channel, envelope);
        await batch.exec();
      }
      while (heard < count * subscribers) await sleep(10);
      const seconds = (performance.now() - t0) / 1000;
      const redisMs = cpuSince(before, redisServer);
      for (const sub of subs) sub.disconnect();
      const usPerPublish = round((redisMs * 1000) / count, 2);
      console.log(`Redis: ${count} PUBLISH of ${envelope.length} bytes to ${subscribers} subscriber(s): ${redisMs} ms of Redis CPU, ${usPerPublish} µs each, ${Math.round(count / seconds)}/s`);
      out.push({ figure: `Redis CPU per PUBLISH of a chat event, ${subscribers} subscriber${subscribers === 1 ? "" : "s"}`, value: usPerPublish, unit: "µs", budget: null, met: null, params: { count, bytes: envelope.length, subscribers, publishesPerS: Math.round(count / seconds) } });
    }
  } finally {
    publisher.disconnect();
  }
  return out;
}

const cluster = await startCluster(1);
try {
  const first = cluster.nodes[0];
  const admin = await seedAdmin(first.base);
  const gid = await createChannel(first.base, admin, "fanout");
  const sessions = await thirdPartyLogins(first.base, admin, opt.clients, Math.min(opt.users, opt.clients), "fan");
  const tokens = sessions.map((s) => s.token);
  let sent = 0;
  const figures = [];
  const n = opt.clients.toLocaleString("en-US");
  for (const k of configs) {
    while (cluster.nodes.length < k) await cluster.addNode();
    const nodes = cluster.nodes.slice(0, k);
    // Nodes beyond k (a later configuration of fewer) stay up without streams: they hear every event.
    const r = await measure(nodes, cluster.nodes.slice(k), tokens, () => sendText(first.base, admin, gid, `fanout ${++sent}`), postgresBackendsOf(cluster.databaseName));
    await settle(cluster.nodes.map((node) => node.pid));
    const nodesMs = r.cpu.nodesMs.reduce((a, b) => a + b, 0);
    const perFrameUs = (nodesMs * 1000) / r.delivered;
    const params = {
      clients: opt.clients,
      nodes: k,
      nodesRunning: cluster.nodes.length,
      users: Math.min(opt.users, opt.clients),
      messages: opt.messages,
      rate: opt.rate,
      incomplete: r.incomplete,
      delivered: r.delivered,
      deliveriesPerS: Math.round(r.throughput),
      seconds: round(r.cpu.seconds),
      // CPU over the sending, ms, and as % of one core.
      nodeCpuMs: r.cpu.nodesMs,
      idleNodeCpuMs: r.cpu.idleNodesMs,
      nodeCoreShare: r.cpu.nodesMs.map((ms) => round(ms / 10 / r.cpu.seconds, 0)),
      postgresCpuMs: r.cpu.postgresMs,
      redisCpuMs: r.cpu.redisMs,
      loadGeneratorCpuMs: r.cpu.loadGeneratorMs,
      loadGeneratorCoreShare: round(r.cpu.loadGeneratorMs / 10 / r.cpu.seconds, 0),
      // Cores busy with anything else on the machine meanwhile, as % of one core.
      othersCoreShare: round(r.cpu.othersMs / 10 / r.cpu.seconds, 0),
      nodeCpuUsPerFrame: round(perFrameUs, 2),
      nodeCpuMsPerMessage: round(nodesMs / opt.messages, 2),
      postgresCpuMsPerMessage: round(r.cpu.postgresMs / opt.messages, 2),
      redisCpuMsPerMessage: round(r.cpu.redisMs / opt.messages, 2),
    };
    console.log(
      `${k} node${k > 1 ? "s" : ""}: p50 ${round(percentile(r.latencies, 50))} ms, p99 ${round(percentile(r.latencies, 99))} ms, ${Math.round(r.throughput)} frames/s; ` +
        `node CPU ${r.cpu.nodesMs.join(" + ")} ms (${params.nodeCoreShare.join(" + ")} % of a core), ${params.nodeCpuUsPerFrame} µs per frame; ` +
        `${r.cpu.idleNodesMs.length ? `node without streams ${r.cpu.idleNodesMs.join(" + ")} ms; ` : ""}postgres ${r.cpu.postgresMs} ms, redis ${r.cpu.redisMs} ms, load generator ${r.cpu.loadGeneratorMs} ms (${params.loadGeneratorCoreShare} %), other work on the machine ${params.othersCoreShare} % of a core`,
    );
    const where = `${n} clients, ${k} node${k > 1 ? "s" : ""} + Redis`;
    figures.push(
      { figure: `cluster fan-out p50 / p99 (${where})`, value: `${round(percentile(r.latencies, 50))} / ${round(percentile(r.latencies, 99))}`, unit: "ms", budget: null, met: r.incomplete === 0 ? null : false, params },
      { figure: `cluster fan-out delivery throughput (${where})`, value: Math.round(r.throughput), unit: "frames/s", budget: null, met: null, params },
      { figure: `cluster fan-out node CPU per delivered frame (${where})`, value: round(perFrameUs, 2), unit: "µs", budget: null, met: null, params },
    );
  }
  if (opt["redis-probe"] > 0) figures.push(...(await redisProbe(cluster, opt["redis-probe"])));
  report(figures);
} finally {
  await cluster.stop();
}
