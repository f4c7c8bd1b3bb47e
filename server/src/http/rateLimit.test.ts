import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditLogEntry } from "@parley/protocol";
import { createClusterContext, KEY_PREFIX, type ClusterContext } from "../cluster/redis.js";
import { call } from "../test/api.js";
import { ADMIN, buildAdmin, buildMember } from "../test/factories.js";
import { dialects, startTestServer, type Session, type TestServer } from "../test/harness.js";
import { DEFAULT_RATE_LIMITS, RateLimiter, type LimitReached } from "./rateLimit.js";

/** The Redis of the cluster tests (docs/CLUSTER.md); this machine runs one on the default port. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("RateLimiter (one node, in memory)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts per address and per e-mail (case-insensitive) within the window, and starts over when it ends", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter({ login: { perIp: 3, perEmail: 2, windowMs: 2_000 } });
    expect(await limiter.hit("login", "1.1.1.1", "A@x.com")).toBe(0);
    vi.advanceTimersByTime(100);
    expect(await limiter.hit("login", "2.2.2.2", "a@x.com ")).toBe(0);
    // The address is used up everywhere; the answer is the seconds until its window ends.
    vi.advanceTimersByTime(100);
    expect(await limiter.hit("login", "3.3.3.3", "a@x.com")).toBe(2);
    // That refusal took nothing from 3.3.3.3's own count (3 more attempts pass); 1.1.1.1 has 2 left.
    expect(await limiter.hit("login", "1.1.1.1", "b@x.com")).toBe(0);
    expect(await limiter.hit("login", "1.1.1.1", "c@x.com")).toBe(0);
    expect(await limiter.hit("login", "1.1.1.1", "d@x.com")).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect(await limiter.hit("login", "3.3.3.3", `n${i}@x.com`)).toBe(0);
    // Once the window of a@x.com (opened at the first attempt) is over, it starts over.
    vi.advanceTimersByTime(1_801);
    expect(await limiter.hit("login", "4.4.4.4", "a@x.com")).toBe(0);
  });

  it("keeps the limits apart by name; 0 means no limit; defaults apply to what is not overridden", async () => {
    const limiter = new RateLimiter({ guest: { perIp: 0 }, checkEmail: { perIp: 1 } });
    for (let i = 0; i < 100; i++) expect(await limiter.hit("guest", "1.1.1.1")).toBe(0);
    expect(await limiter.hit("checkEmail", "1.1.1.1")).toBe(0);
    expect(await limiter.hit("checkEmail", "1.1.1.1")).toBeGreaterThan(0);
    expect(await limiter.hit("register", "1.1.1.1")).toBe(0);
    expect(limiter.rule("checkEmail")).toEqual({ ...DEFAULT_RATE_LIMITS.checkEmail, perIp: 1 });
  });

  it("reports a full key once per window", async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const limiter = new RateLimiter({ magicLink: { perIp: 5, perEmail: 1, windowMs: 1_000 } });
    const reached: LimitReached[] = [];
    limiter.onLimitReached = (event) => reached.push(event);
    for (let i = 0; i < 4; i++) await limiter.hit("magicLink", "1.1.1.1", "Mail@x.com");
    expect(reached).toEqual([{ name: "magicLink", by: "email", ip: "1.1.1.1", email: "mail@x.com" }]);
    vi.advanceTimersByTime(1_001);
    for (let i = 0; i < 3; i++) await limiter.hit("magicLink", "1.1.1.1", "mail@x.com");
    expect(reached).toHaveLength(2);
  });
});

const ready = (redis: Redis) => (redis.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => redis.once("ready", () => resolve())));

describe("RateLimiter (cluster, on Redis)", () => {
  const namespace = `ratelimit-test-${randomBytes(4).toString("hex")}`;
  let a: ClusterContext;
  let b: ClusterContext;
  // Until its connection is ready a node counts in memory (the fallback below): wait for it.
  beforeAll(async () => {
    [a, b] = await Promise.all([createClusterContext("node-a", REDIS_URL, namespace), createClusterContext("node-b", REDIS_URL, namespace)]);
    await Promise.all([a, b].map((node) => ready(node.redis!)));
  });
  afterAll(async () => {
    const keys = await a.redis!.keys(a.key("*"));
    if (keys.length > 0) await a.redis!.del(...keys);
    await Promise.all([a.close(), b.close()]);
  });

  it("counts one limit across nodes, reports it once, and keeps its keys under the cluster's namespace", async () => {
    const rules = { login: { perIp: 10, perEmail: 4, windowMs: 60_000 } };
    const nodes = [new RateLimiter(rules, a), new RateLimiter(rules, b)];
    const reached: LimitReached[] = [];
    for (const node of nodes) node.onLimitReached = (event) => reached.push(event);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push(await nodes[i % 2].hit("login", `10.0.0.${i}`, "who@x.com"));
    expect(answers.map((n) => n > 0)).toEqual([false, false, false, false, true, true]);
    expect(answers[4]).toBeGreaterThan(50);
    expect(reached).toEqual([{ name: "login", by: "email", ip: "10.0.0.4", email: "who@x.com" }]);

    const keys = (await a.redis!.keys(`parley:${namespace}:*`)).sort();
    expect(keys).toHaveLength(7); // one e-mail, six addresses
    expect(keys.every((k) => k.startsWith(`parley:${namespace}:ratelimit:login:`))).toBe(true);
    // The e-mail is stored as a digest only.
    expect(keys.some((k) => k.includes("who@x.com"))).toBe(false);
    // The refused attempts gave their address's point back.
    expect(await a.redis!.get(a.key("ratelimit:login:ip:10.0.0.5"))).toBe("0");
  });

  it("falls back to this node's memory while Redis is away instead of waiting for it", async () => {
    const lonely = await createClusterContext("node-c", REDIS_URL, namespace);
    try {
      await ready(lonely.redis!);
      lonely.redis!.disconnect();
      const limiter = new RateLimiter({ guest: { perIp: 2 } }, lonely);
      expect(await limiter.hit("guest", "9.9.9.9")).toBe(0);
      expect(await limiter.hit("guest", "9.9.9.9")).toBe(0);
      expect(await limiter.hit("guest", "9.9.9.9")).toBeGreaterThan(0);
    } finally {
      await lonely.close();
    }
  });
});

describe.each(dialects())("limits of a two-node cluster (%s)", (dialect) => {
  let first: TestServer;
  let second: TestServer;
  let admin: Session;
  beforeAll(async () => {
    const rateLimits = { login: { perIp: 100, perEmail: 4 } };
    first = await startTestServer(dialect, { redisUrl: REDIS_URL, nodeId: "node-1", rateLimits });
    // The second node shares the first one's database (and so its Redis namespace).
    second = await startTestServer(dialect, { redisUrl: REDIS_URL, nodeId: "node-2", rateLimits, dataDir: first.ctx.config.dataDir, databaseSchema: first.ctx.config.databaseSchema });
    await Promise.all([first, second].map((s) => ready(s.ctx.cluster.redis!)));
    admin = await buildAdmin(first);
  });
  afterAll(async () => {
    const keys = await first.ctx.cluster.redis!.keys(first.ctx.cluster.key("*"));
    if (keys.length > 0) await first.ctx.cluster.redis!.del(...keys);
    await second?.close();
    await first?.close();
  });

  it("login attempts split across the nodes hit 429 at the shared limit, recorded once", async () => {
    const attempt = (s: TestServer, i: number) =>
      s.app.inject({ method: "POST", url: "/api/token/login", payload: { credential: { type: "password", email: ADMIN.email, password: "wrong-pass" } }, remoteAddress: `198.51.100.${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 === 0 ? first : second, i)).statusCode);
    // buildAdmin's own login was the first of the four.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // The audit entry is written beside the 429, not before it (app.ts onLimitReached).
    const limited = async () => ((await call(second, "GET", "/admin/audit_log", admin)).json() as AuditLogEntry[]).filter((e) => e.action === "auth.rate_limited");
    await expect.poll(async () => (await limited()).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await limited()).toHaveLength(1);
    // The count lives under the cluster's namespace: its schema, or its SQLite directory's digest.
    const key = first.ctx.cluster.key("ratelimit:login:ip:198.51.100.0");
    expect(key.startsWith(`${KEY_PREFIX}${first.ctx.config.databaseSchema ?? "sqlite-"}`)).toBe(true);
    expect(await first.ctx.cluster.redis!.get(key)).toBe("1");
  });

  it("typing notices are throttled once per cluster: a call on the other node within 2 s sends nothing", async () => {
    const bob = await buildMember(first, admin, "Bob");
    const published = [first, second].map((s) => vi.spyOn(s.ctx.bus, "publish"));
    const typing = (s: TestServer) => call(s, "POST", "/user/typing", admin, { target: { uid: bob.uid } });
    expect((await typing(first)).statusCode).toBe(200);
    expect((await typing(second)).statusCode).toBe(200);
    const typingEvents = published.map((spy) => spy.mock.calls.filter(([event]) => event.type === "typing").length);
    expect(typingEvents).toEqual([1, 0]);
    const mark = first.ctx.cluster.key(`typing:${admin.uid}:u${bob.uid}`);
    expect(await first.ctx.cluster.redis!.pttl(mark)).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });
});
