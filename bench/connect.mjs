// Connect -> ready: `users` users, `channels` public channels, `backlog` messages spread over
// them; one member opens the event stream (no after_mid: the whole backlog is replayed) and we
// time opening the request to the `ready` event. Median/p90 of `repeats` connections.
//   node bench/connect.mjs [--users 1000] [--channels 200] [--backlog 5000] [--repeats 20]
import { args, createChannel, createUser, login, openSse, percentile, pool, report, round, seedAdmin, sendText, sleep, startServer } from "./lib.mjs";

const opt = args({ users: 1000, channels: 200, backlog: 5000, repeats: 20 });

const server = await startServer();
try {
  const seedStart = performance.now();
  const admin = await seedAdmin(server.base);
  const emails = await pool(opt.users - 1, 4, (i) => createUser(server.base, admin, `u${i}`));
  const gids = await pool(opt.channels, 8, (i) => createChannel(server.base, admin, `channel-${i}`));
  await pool(opt.backlog, 16, (i) => sendText(server.base, admin, gids[i % gids.length], `backlog message ${i} lorem ipsum`));
  const member = await login(server.base, emails[0]);
  const seedS = (performance.now() - seedStart) / 1000;

  const times = [];
  let chats = 0;
  for (let i = 0; i < 3 + opt.repeats; i++) {
    let count = 0;
    const c = await openSse(server.base, member.token, { onFrame: (d) => d.startsWith('{"type":"chat"') && count++ });
    const readyAt = await c.ready;
    if (i >= 3) times.push(readyAt - c.started); // the first 3 warm up
    chats = count;
    c.close();
    await sleep(100);
  }
  const p50 = percentile(times, 50);
  const params = { ...opt, backlogReplayed: chats, seedSeconds: round(seedS) };
  report([
    { figure: `connect -> ready p50 (${opt.users} users, ${opt.channels} ch, ${opt.backlog} backlog)`, value: round(p50), unit: "ms", budget: "<= 100 ms", met: p50 <= 100, params },
    { figure: "connect -> ready p90", value: round(percentile(times, 90)), unit: "ms", budget: null, met: null, params },
  ]);
} finally {
  await server.stop();
}
