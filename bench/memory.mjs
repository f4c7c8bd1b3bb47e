// Idle memory: server RSS alone (seeded, after a short settle), then with `connections` idle SSE
// streams open; KB per connection = RSS delta / connections.
//   node bench/memory.mjs [--connections 1000] [--users 100]
import { args, createUser, login, openSse, pool, report, round, rssKb, seedAdmin, sleep, startServer, createChannel } from "./lib.mjs";

const opt = args({ connections: 1000, users: 100 });
const users = Math.min(opt.users, opt.connections);

const server = await startServer();
const clients = [];
try {
  await sleep(3_000);
  // "Alone": started, migrated, nothing seeded. The seeding below hashes passwords (argon2,
  // 19 MiB each), which leaves the allocator's arenas larger; the delta uses the seeded figure.
  const fresh = rssKb(server.pid);
  const admin = await seedAdmin(server.base);
  await createChannel(server.base, admin, "general");
  const emails = await pool(users, 4, (i) => createUser(server.base, admin, `mem${i}`));
  const sessions = await pool(opt.connections, 8, (i) => login(server.base, emails[i % users]));
  await sleep(3_000);
  const alone = rssKb(server.pid);
  await pool(opt.connections, 50, async (i) => {
    const c = await openSse(server.base, sessions[i].token);
    clients.push(c);
    await c.ready;
  });
  await sleep(5_000);
  const withConns = rssKb(server.pid);
  const perConn = (withConns - alone) / opt.connections;
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
  ]);
} finally {
  for (const c of clients) c.close();
  await server.stop();
}
