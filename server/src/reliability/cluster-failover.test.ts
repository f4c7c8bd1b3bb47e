import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@parley/protocol";
import { NGINX, REDIS_SERVER, startNginx, startRedis } from "./clusterProcesses.js";
import { probeCall, probeLogin } from "./probeApi.js";
import { reportFigure, scale } from "./scale.js";
import { dropSchema } from "../test/harness.js";
import { startServerProcess, type ServerProcess } from "./serverProcess.js";
import { sseTransport, type StreamConnection } from "./streamTransport.js";

/**
 * Cluster failover (docs/RELIABILITY.md "Cluster failover"): three nodes on one PostgreSQL schema
 * and one Redis behind nginx with the deploy kit's configuration. Under a steady stream of sends,
 * one node is killed (`kill -9`) and later Redis is restarted empty; clients reconnect through
 * nginx with `after_mid`, as the web client does. Every message the cluster acknowledged must
 * reach every client, none twice.
 */
const CLIENTS = scale(30, 200);
const SENDERS = 4;
const RATE_PER_S = 200;
const RUN_MS = scale(9_000, 40_000);
const KILL_AT_MS = scale(2_500, 10_000);
const REDIS_RESTART_AT_MS = scale(5_500, 25_000);
const PASSWORD = "probe-pass-1";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const api = probeCall;
const login = (base: string, email: string) => probeLogin(base, email, PASSWORD);

/** A client that holds its stream through nginx and reconnects from the last mid it saw. */
class ProbeClient {
  readonly seen = new Map<number, number>();
  connections = 0;
  private maxMid = 0;
  private usersVersion = 0;
  private stopped = false;
  private current: StreamConnection | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  /** A mid delivered twice on one connection: the server's own de-duplication failed. */
  twiceOnOneStream = 0;
  /** A mid delivered again after a reconnect (a chat that committed out of order, replayed). */
  againAfterReconnect = 0;
  private thisStream = new Set<number>();
  private onEvent = (e: ServerEvent) => {
    if (e.type === "chat") {
      if (this.thisStream.has(e.mid)) this.twiceOnOneStream++;
      else if (this.seen.has(e.mid)) this.againAfterReconnect++;
      this.thisStream.add(e.mid);
      this.seen.set(e.mid, (this.seen.get(e.mid) ?? 0) + 1);
      if (e.mid > this.maxMid) this.maxMid = e.mid;
    } else if (e.type === "users_snapshot") {
      this.usersVersion = e.version;
    }
  };

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        this.thisStream = new Set();
        this.current = await sseTransport.open(this.base, this.token, { afterMid: this.maxMid, usersVersion: this.usersVersion }, this.onEvent);
        this.connections++;
        await this.current.closed;
      } catch {
        // nginx answered 502 or the connection broke: try again
      }
      if (!this.stopped) await sleep(100 + Math.random() * 200);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.close();
    await this.loop;
  }
}

const ready = fs.existsSync(NGINX) && fs.existsSync(REDIS_SERVER) && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!ready)("cluster failover behind nginx", () => {
  it(`kill -9 of one of three nodes under ${RATE_PER_S} msgs/s, then a Redis restart: every acknowledged message reaches all ${CLIENTS} clients once`, async () => {
    const redis = await startRedis();
    const schema = `failover_${randomBytes(5).toString("hex")}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-failover-"));
    const env = (i: number) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
      DATABASE_SCHEMA: schema,
      REDIS_URL: redis.url,
      NODE_ID: `node-${i}`,
    });
    const nodes: ServerProcess[] = [];
    let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
    const clients: ProbeClient[] = [];
    try {
      // The first node creates the schema; the others start on it.
      nodes.push(await startServerProcess(env(0)));
      nodes.push(...(await Promise.all([1, 2].map((i) => startServerProcess(env(i))))));
      nginx = await startNginx(nodes.map((n) => Number(new URL(n.url).port)));
      const base = nginx.url;

      await api(base, "POST", "/admin/system/create_admin", null, { email: "admin@probe.test", name: "Admin", password: PASSWORD, gender: 0 });
      const admin = await login(base, "admin@probe.test");
      const { gid } = await api<{ gid: number }>(base, "POST", "/group", admin, { name: "failover", description: "", members: [], is_public: true });
      const tokens: string[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        await api(base, "POST", "/admin/user", admin, { email: `m${i}@probe.test`, name: `M${i}`, password: PASSWORD, gender: 0 });
        tokens.push(await login(base, `m${i}@probe.test`));
      }
      for (const token of tokens) clients.push(new ProbeClient(base, token));
      for (const c of clients) c.start();
      await sleep(1_000);

      const acked: number[] = [];
      let refused = 0;
      const started = Date.now();
      const interval = (1_000 * SENDERS) / RATE_PER_S;
      const sender = async (s: number) => {
        let next = Date.now();
        let n = 0;
        while (Date.now() - started < RUN_MS) {
          try {
            const res = await fetch(`${base}/api/group/${gid}/send`, {
              method: "POST",
              headers: { "x-api-key": tokens[s], "content-type": "text/plain" },
              body: `s${s} #${n++}`,
            });
            if (res.ok) {
              acked.push(Number(await res.text()));
            }
            else {
              refused++;
              await res.text();
            }
          } catch {
            refused++;
          }
          next += interval;
          await sleep(Math.max(0, next - Date.now()));
        }
      };
      const sending = Promise.all(Array.from({ length: SENDERS }, (_, s) => sender(s)));
      await sleep(KILL_AT_MS);
      await nodes[1].kill();
      await sleep(REDIS_RESTART_AT_MS - KILL_AT_MS);
      await redis.restart();
      await sending;

      // Every client gets there; then nothing more may arrive twice.
      const deadline = Date.now() + 30_000;
      const missingOf = (c: ProbeClient) => acked.filter((mid) => !c.seen.has(mid));
      while (Date.now() < deadline && clients.some((c) => missingOf(c).length > 0)) await sleep(200);
      await sleep(1_000);

      const missing = clients.map((c) => missingOf(c).length);
      const sum = (f: (c: ProbeClient) => number) => clients.reduce((total, c) => total + f(c), 0);
      const reconnects = sum((c) => c.connections - 1);
      const replayed = sum((c) => c.againAfterReconnect);
      reportFigure(
        "cluster failover",
        `${acked.length} acknowledged (${refused} refused or broken while a node or Redis was down), ${CLIENTS} clients, ` +
          `${reconnects} reconnects; missing ${missing.reduce((a, b) => a + b, 0)}, twice on one stream ${sum((c) => c.twiceOnOneStream)}, ` +
          `replayed again after a reconnect ${replayed}`,
      );
      expect(acked.length).toBeGreaterThan((RATE_PER_S * RUN_MS) / 1_000 / 2);
      expect(missing.every((n) => n === 0)).toBe(true);
      expect(sum((c) => c.twiceOnOneStream)).toBe(0);
      // A chat that committed out of mid order just before a stream broke is replayed on resume
      // (events/hub.ts LateChats): clients keep messages by mid, so nobody sees it twice. It
      // stays rare: at most a couple per reconnect, not the minute's worth of late chats.
      expect(replayed).toBeLessThanOrEqual(2 * reconnects);
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      await nginx?.stop();
      await Promise.all(nodes.map((n) => n.stop()));
      await redis.stop();
      await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
