// Notifications through the queue (server/src/notify/, docs/NOTIFICATIONS.md): `recipients`
// offline members (no stream open), each with a Web Push subscription whose endpoint is a local
// push service (node:http, 201 to everything; PREVIEW_ALLOW_PRIVATE=1 lets the server reach
// loopback). One message in their public channel; the clock runs from the send to the last push
// received: the drain time, and notifications/s = recipients / drain. NOTIFY_PUSH_DELAY_MS=0, so
// the 3 s "maybe they read it" wait is not measured. Every push is decrypted (aes128gcm, RFC 8291)
// and must carry the mid, once per recipient. Also: the send's own latency (the POST), which
// must not grow with the audience: the send writes one outbox row, the worker does the rest.
//   node bench/notify.mjs [--recipients 1000] [--rounds 3] [--pg]
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import http from "node:http";
import { args, cpuMs, createChannel, percentile, PG, pool, report, request, round, seedAdmin, sleep, startServer, thirdPartyLogins } from "./lib.mjs";

const opt = args({ recipients: 1_000, rounds: 3 });

/** The browsers' side: one key pair and auth secret for every subscription. */
const ua = createECDH("prime256v1");
ua.generateKeys();
const auth = randomBytes(16);
const keys = { p256dh: ua.getPublicKey().toString("base64url"), auth: auth.toString("base64url") };

/** RFC 8291 / RFC 8188, one record: the push message's plaintext. */
function decrypt(body) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ct = body.subarray(21 + idlen);
  const ikm = Buffer.from(hkdfSync("sha256", ua.computeSecret(asPublic), auth, Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]), 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const d = createDecipheriv("aes-128-gcm", cek, nonce);
  d.setAuthTag(ct.subarray(ct.length - 16));
  const plain = Buffer.concat([d.update(ct.subarray(0, ct.length - 16)), d.final()]);
  let end = plain.length - 1;
  while (plain[end] === 0) end--;
  return plain.subarray(0, end).toString("utf8");
}

/** The push service: per mid, which endpoints got it and when the last one arrived. */
function startPushService() {
  const got = new Map();
  const state = { undecryptable: 0, duplicates: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      try {
        const { mid } = JSON.parse(decrypt(Buffer.concat(chunks)));
        const entry = got.get(mid) ?? { paths: new Set(), last: 0 };
        if (entry.paths.has(req.url)) state.duplicates++;
        entry.paths.add(req.url);
        entry.last = at;
        got.set(mid, entry);
        res.writeHead(201).end();
      } catch {
        state.undecryptable++;
        res.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ endpoint: (id) => `http://127.0.0.1:${server.address().port}/push/${id}`, got, state, close: () => server.close() })),
  );
}

const push = await startPushService();
const server = await startServer({ PREVIEW_ALLOW_PRIVATE: "1", NOTIFY_PUSH_DELAY_MS: "0" });
try {
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "everyone");
  const quiet = await createChannel(server.base, admin, "quiet", false);
  const seedStart = performance.now();
  const people = await thirdPartyLogins(server.base, admin, opt.recipients, opt.recipients, "np");
  await pool(people.length, 16, async (i) => {
    const res = await request(server.base, "POST", "/api/user/push/subscriptions", { token: people[i].token, json: { endpoint: push.endpoint(people[i].uid), keys } });
    if (res.status !== 200) throw new Error(`subscribe: ${res.status} ${res.body}`);
  });
  console.log(`seeded ${people.length} subscribed members in ${round((performance.now() - seedStart) / 1000)} s`);

  const send = async (to, text) => {
    const t = performance.now();
    const res = await request(server.base, "POST", `/api/group/${to}/send`, { token: admin.token, text });
    if (res.status !== 200) throw new Error(`send: ${res.status} ${res.body}`);
    return { mid: Number(res.body), start: t, sendMs: performance.now() - t };
  };
  const waitDrained = async (mid, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((push.got.get(mid)?.paths.size ?? 0) < people.length) {
      if (Date.now() > deadline) throw new Error(`${people.length - (push.got.get(mid)?.paths.size ?? 0)} pushes missing`);
      await sleep(2);
    }
    return push.got.get(mid).last;
  };

  // The send alone, to a private channel nobody else is in (nothing to notify), for comparison.
  const alone = [];
  for (let i = 0; i < 20; i++) alone.push((await send(quiet, `alone ${i}`)).sendMs);
  const drains = [];
  const sends = [];
  const cpus = [];
  for (let r = 0; r < opt.rounds; r++) {
    await sleep(1_000);
    const cpu0 = cpuMs(server.pid);
    const { mid, start, sendMs } = await send(gid, `to all ${r}`);
    const last = await waitDrained(mid);
    drains.push(last - start);
    sends.push(sendMs);
    cpus.push(cpuMs(server.pid) - cpu0);
    console.log(`round ${r + 1}: send ${round(sendMs, 2)} ms, drained in ${round(last - start, 0)} ms, server CPU ${round(cpus[r], 0)} ms`);
  }
  await sleep(500);
  if (push.state.undecryptable || push.state.duplicates) throw new Error(`undecryptable ${push.state.undecryptable}, duplicates ${push.state.duplicates}`);
  const drain = percentile(drains, 50);
  const params = { ...opt, database: PG ? "postgres" : "sqlite", drains: drains.map((d) => round(d, 0)), sendsMs: sends.map((s) => round(s, 2)), cpuMs: cpus.map((c) => round(c, 0)), sendAloneP50: round(percentile(alone, 50), 2) };
  report([
    { figure: `notifications/s through the queue, ${opt.recipients} offline Web Push recipients of one channel message`, value: Math.round(opt.recipients / (drain / 1000)), unit: "notifications/s", budget: null, met: null, params },
    { figure: `time to drain it (send → last push), median of ${opt.rounds}`, value: round(drain, 0), unit: "ms", budget: null, met: null, params },
    { figure: `send latency of that message (vs ${round(percentile(alone, 50), 2)} ms with nobody to notify)`, value: round(percentile(sends, 50), 2), unit: "ms", budget: null, met: null, params },
  ]);
} finally {
  push.close();
  await server.stop();
}
