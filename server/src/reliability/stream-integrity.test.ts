import type { ServerEvent } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportFigure, scale } from "./scale.js";
import { sseTransport, type StreamResume, type StreamTransport } from "./streamTransport.js";
import { type Session, startTestServer, type TestServer } from "../test/harness.js";
import { buildAdmin, buildChannel, buildUser } from "../test/factories.js";

/**
 * Stream integrity (docs/RELIABILITY.md): many clients hold the event stream while several
 * senders burst into a public channel, a private channel and DMs; each client drops its stream
 * at random moments and comes back with `after_mid` = the last mid it saw and the
 * `users_version` it holds, as the web client does (so it is not sent the directory again).
 * In the end every client has seen every message it may see exactly once, in ascending mid
 * order — or, for the clients with a small backlog `limit`, a `history_gap` that names exactly
 * the messages it skipped.
 */
const CLIENTS = scale(50, 500);
const GAP_CLIENTS = scale(4, 20);
const SENDERS = 4;
const BURST_MS = scale(4_000, 30_000);
const GAP_LIMIT = 5;
const TRANSPORTS: StreamTransport[] = [sseTransport];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo));

interface Acked {
  mid: number;
  gid?: number;
  uid?: number;
}

interface Gap {
  after_mid: number;
  first_mid: number;
  skipped: number;
}

/** One client: its stream's chat mids in arrival order across reconnects, and its gaps. */
class ProbeClient {
  seen: number[] = [];
  gaps: Gap[] = [];
  reconnects = 0;
  last = 0;
  /** The user-directory version held, sent back as `users_version` like the web client. */
  usersVersion = 0;
  /** Reconnects that carried a `users_version` yet were sent the whole directory again. */
  needlessSnapshots = 0;
  private ready = false;

  constructor(
    readonly session: Session,
    readonly limit: number | undefined,
  ) {}

  private onEvent = (e: ServerEvent) => {
    if (e.type === "chat") {
      this.seen.push(e.mid);
      this.last = Math.max(this.last, e.mid);
    } else if (e.type === "users_snapshot") {
      if (this.usersVersion > 0) this.needlessSnapshots++;
      this.usersVersion = e.version;
    } else if (e.type === "users_log") {
      for (const log of e.logs) this.usersVersion = Math.max(this.usersVersion, log.log_id);
    } else if (e.type === "ready") {
      this.ready = true;
    } else if ((e as { type: string }).type === "history_gap") {
      this.gaps.push(e as unknown as Gap);
    }
  };

  private resume(): StreamResume {
    return { afterMid: this.last, usersVersion: this.usersVersion, limit: this.limit };
  }

  /** Drops and reopens the stream at random moments until `until()` says stop. */
  async churn(transport: StreamTransport, url: string, running: () => boolean): Promise<void> {
    while (running()) {
      const conn = await transport.open(url, this.session.token, this.resume(), this.onEvent);
      await Promise.race([sleep(between(100, 700)), conn.closed]);
      conn.close();
      this.reconnects++;
      // Clients with a small backlog stay away long enough to miss more than it holds.
      await sleep(this.limit ? between(300, 900) : between(0, 120));
    }
  }

  /** A last stream that stays until the backlog and the live tail have arrived. */
  async settle(transport: StreamTransport, url: string, upTo: number): Promise<void> {
    this.ready = false;
    const conn = await transport.open(url, this.session.token, this.resume(), this.onEvent);
    const deadline = Date.now() + 20_000;
    while ((!this.ready || this.last < upTo) && Date.now() < deadline) await sleep(20);
    conn.close();
  }
}

describe.each(TRANSPORTS)("stream integrity under reconnects ($name)", (transport) => {
  let s: TestServer;
  let clients: ProbeClient[];
  let senders: Session[];
  let publicGid: number;
  let privateGid: number;
  const members = new Set<number>();

  beforeAll(async () => {
    s = await startTestServer("sqlite");
    await s.listen();
    const admin = await buildAdmin(s);
    senders = [];
    for (let i = 0; i < SENDERS; i++) senders.push(await buildUser(s, `Sender${i}`));
    clients = [];
    for (let i = 0; i < CLIENTS; i++) clients.push(new ProbeClient(await buildUser(s, `Client${i}`), i < GAP_CLIENTS ? GAP_LIMIT : undefined));
    publicGid = await buildChannel(s, admin, { name: "everyone", is_public: true });
    // Every other client is in the private channel, so audiences differ between clients.
    for (const c of clients.filter((_, i) => i % 2 === 0)) members.add(c.session.uid);
    privateGid = await buildChannel(s, admin, { name: "inner", is_public: false, members: [...members, ...senders.map((x) => x.uid)] });
  });
  afterAll(async () => {
    await s.close();
  });

  /** What a client may see: the public channel, the private one if a member, its DMs. */
  const visibleTo = (c: ProbeClient, a: Acked) => a.gid === publicGid || (a.gid === privateGid && members.has(c.session.uid)) || a.uid === c.session.uid;

  it(`delivers every message exactly once, in order, across ${CLIENTS} reconnecting clients`, async () => {
    const acked: Acked[] = [];
    let running = true;
    const churns = clients.map((c) => c.churn(transport, s.url, () => running));
    const started = Date.now();
    const bursts = senders.map(async (sender, n) => {
      for (let i = 0; Date.now() - started < BURST_MS; i++) {
        const pick = i % 3;
        const target = pick === 0 ? { gid: publicGid } : pick === 1 ? { gid: privateGid } : { uid: clients[between(0, clients.length)].session.uid };
        const path = "gid" in target ? `/group/${target.gid}/send` : `/user/${target.uid}/send`;
        const res = await fetch(`${s.url}/api${path}`, { method: "POST", headers: { "x-api-key": sender.token, "content-type": "text/plain" }, body: `s${n}-${i}` });
        const text = await res.text();
        expect(res.status, text).toBe(200);
        acked.push({ mid: Number(text), ...target });
        if (i % 5 === 4) await sleep(between(5, 40));
      }
    });
    try {
      await Promise.all(bursts);
    } finally {
      // A failed send ends the churn too, so no client keeps reconnecting after the test.
      running = false;
      await Promise.allSettled(churns);
    }
    await Promise.all(churns);
    await Promise.all(clients.map((c) => c.settle(transport, s.url, Math.max(0, ...acked.filter((a) => visibleTo(c, a)).map((a) => a.mid)))));

    let duplicates = 0;
    let reorders = 0;
    let missing = 0;
    let gapMismatches = 0;
    let delivered = 0;
    for (const c of clients) {
      const expected = acked.filter((a) => visibleTo(c, a)).map((a) => a.mid);
      const seen = new Set<number>();
      for (let i = 0; i < c.seen.length; i++) {
        if (seen.has(c.seen[i])) duplicates++;
        if (i > 0 && c.seen[i] <= c.seen[i - 1]) reorders++;
        seen.add(c.seen[i]);
      }
      delivered += seen.size;
      // A history_gap accounts for exactly the messages it names; the client pages them in.
      const inGap = (mid: number) => c.gaps.some((g) => g.after_mid < mid && mid < g.first_mid);
      for (const g of c.gaps) {
        const owed = expected.filter((mid) => g.after_mid < mid && mid < g.first_mid && !seen.has(mid)).length;
        if (owed !== g.skipped) gapMismatches++;
      }
      missing += expected.filter((mid) => !seen.has(mid) && !inGap(mid)).length;
      // Nothing arrives that the client may not see.
      const allowed = new Set(expected);
      for (const mid of seen) if (!allowed.has(mid)) missing++;
    }
    const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
    const gaps = clients.reduce((n, c) => n + c.gaps.length, 0);
    const needlessSnapshots = clients.reduce((n, c) => n + c.needlessSnapshots, 0);
    expect({ duplicates, reorders, missing, gapMismatches, needlessSnapshots }).toEqual({ duplicates: 0, reorders: 0, missing: 0, gapMismatches: 0, needlessSnapshots: 0 });
    // The small-backlog clients really did skip messages, so the gap path was exercised.
    expect(gaps).toBeGreaterThan(0);
    reportFigure(
      "stream-integrity",
      `${transport.name}: ${CLIENTS} clients, ${reconnects} reconnects, ${acked.length} messages from ${SENDERS} senders in ${BURST_MS / 1000} s, ${delivered} deliveries; gaps 0, duplicates 0, reorders 0; ${gaps} history_gap events, each naming exactly the skipped messages`,
    );
  });
});
