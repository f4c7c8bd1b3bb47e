// The measuring part of the fan-out figures (fanout.mjs on one server, cluster-fanout.mjs on
// several nodes): many counting streams, messages posted on a fixed schedule, and per message the
// time until the last client had it.
import { pool, settle, sleep } from "./lib.mjs";
import { countingSse } from "./raw-client.mjs";

/**
 * Opens one stream per token, client i on `bases[i % bases.length]` (50 connecting at a time),
 * then waits for presence events to settle and for `pids` to be idle. The streams are raw
 * sockets that read a chat's mid without decoding the frame (raw-client.mjs): with node:http and
 * JSON.parse per frame, the clients, not the servers, would set the figure.
 */
export async function openFanOutStreams(bases, tokens, pids) {
  /** mid -> {count, last} */
  const arrivals = new Map();
  const onChat = (mid, now) => {
    const a = arrivals.get(mid);
    if (a) {
      a.count++;
      a.last = now;
    } else arrivals.set(mid, { count: 1, last: now });
  };
  const clients = [];
  const close = () => {
    for (const c of clients) c.close();
  };
  try {
    await pool(tokens.length, 50, async (i) => {
      const c = await countingSse(bases[i % bases.length], tokens[i], { onChat });
      clients.push(c);
      await c.ready;
    });
    await sleep(1_000); // presence events settle
    await settle(pids);
  } catch (err) {
    close();
    throw err;
  }
  return {
    /**
     * Posts `messages` through `send(i)` (which resolves the mid), one every 1000/`rate` ms,
     * and waits (at most 30 s) for every stream to have every one. Resolves the latencies (from
     * the start of a POST to the last stream's arrival), the messages not delivered to all, the
     * frames delivered, the delivery throughput (frames/s from the first POST to the last
     * arrival) and the seconds from the first POST to the end of the wait.
     */
    async run(messages, rate, send) {
      const sent = [];
      const interval = 1000 / rate;
      const t0 = performance.now();
      const inflight = [];
      for (let i = 0; i < messages; i++) {
        const wait = t0 + i * interval - performance.now();
        if (wait > 0) await sleep(wait);
        const start = performance.now();
        inflight.push(send(i).then((mid) => sent.push({ mid, start })));
      }
      await Promise.all(inflight);
      const deadline = performance.now() + 30_000;
      while (performance.now() < deadline && !sent.every((s) => arrivals.get(s.mid)?.count >= tokens.length)) await sleep(50);
      const seconds = (performance.now() - t0) / 1000;

      const latencies = [];
      let incomplete = 0;
      let lastArrival = 0;
      let delivered = 0;
      for (const s of sent) {
        const a = arrivals.get(s.mid);
        if (a) {
          delivered += a.count;
          lastArrival = Math.max(lastArrival, a.last);
        }
        if (!a || a.count < tokens.length) incomplete++;
        else latencies.push(a.last - s.start);
      }
      return { latencies, incomplete, delivered, seconds, throughput: delivered / ((lastArrival - t0) / 1000) };
    },
    close,
  };
}
