import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_REDIS_URL } from "../test/cluster.js";
import { RedisPresence } from "./redisPresence.js";

/** Presence instances on the machine's Redis, each test in a namespace of its own. */
describe("RedisPresence", () => {
  const opened: Redis[] = [];
  const instances: RedisPresence[] = [];
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((p) => p.close()));
    for (const c of opened.splice(0)) c.disconnect();
  });

  const namespace = () => `presence-test-${randomBytes(4).toString("hex")}`;
  async function start(ns: string, name: string, options = { heartbeatMs: 100, ttlMs: 400 }) {
    const redis = new Redis(TEST_REDIS_URL);
    const subscriber = new Redis(TEST_REDIS_URL);
    opened.push(redis, subscriber);
    const presence = new RedisPresence(redis, subscriber, (key) => `parley:${ns}:${key}`, `${name}.${randomBytes(2).toString("hex")}`, options);
    const changes: [number, boolean][] = [];
    presence.onChange((uid, online) => changes.push([uid, online]));
    await presence.start();
    instances.push(presence);
    return { presence, changes, redis, subscriber };
  }

  it("shows a user online on every instance while any holds a stream, and announces only the changes", async () => {
    const ns = namespace();
    const a = await start(ns, "a");
    const b = await start(ns, "b");
    b.presence.opened(7, "web", false);
    await vi.waitFor(() => expect(a.changes).toEqual([[7, true]]));
    expect(a.presence.isOnline(7)).toBe(true);
    expect(a.presence.heldElsewhere(7, "web")).toBe(true);
    expect(b.changes).toEqual([[7, true]]);
    // A second device on the other instance, then the first closes: still online. The instance
    // holding the phone sees no change; the other may see the web stream go before it hears of
    // the phone (a blink: offline, online), and ends online.
    a.presence.opened(7, "phone", false);
    await vi.waitFor(() => expect(b.presence.onlineDevices(7)).toEqual(new Set(["web", "phone"])));
    b.presence.closed(7, "web", false);
    await vi.waitFor(() => expect(a.presence.onlineDevices(7)).toEqual(new Set(["phone"])));
    expect(b.presence.onlineDevices(7)).toEqual(new Set(["phone"]));
    expect(a.changes).toEqual([[7, true]]);
    expect(b.changes).toEqual([[7, true]]);
    a.presence.closed(7, "phone", false);
    await vi.waitFor(() => expect(b.changes).toEqual([[7, true], [7, false]]));
    expect(a.changes).toEqual([[7, true], [7, false]]);
  });

  it("writes one turn's changes as one message: a storm of opens, and a stream opened and closed in the same turn nets out", async () => {
    const ns = namespace();
    const a = await start(ns, "a");
    const b = await start(ns, "b");
    const listener = new Redis(TEST_REDIS_URL);
    opened.push(listener);
    const messages: { op: string; add?: string[]; rm?: string[] }[] = [];
    listener.on("message", (_channel, text: string) => messages.push(JSON.parse(text)));
    await listener.subscribe(`parley:${ns}:presence`);

    for (let uid = 100; uid < 200; uid++) b.presence.opened(uid, "web", false);
    b.presence.opened(50, "tab", false);
    b.presence.closed(50, "tab", false);
    await vi.waitFor(() => expect(a.presence.onlineMembers()).toHaveLength(100));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ op: "batch", rm: ["50:0:tab"] });
    expect(messages[0].add).toHaveLength(100);
    expect(a.changes.filter(([uid]) => uid === 50)).toEqual([]);
    const [setKey] = await b.redis.keys(`parley:${ns}:presence:set:b.*`);
    expect(await b.redis.scard(setKey)).toBe(100);

    // The next turn's closes are the next message; a late starter reads the set they left.
    for (let uid = 100; uid < 150; uid++) b.presence.closed(uid, "web", false);
    await vi.waitFor(() => expect(a.presence.onlineMembers()).toHaveLength(50));
    expect(messages.map((m) => [m.op, m.add?.length, m.rm?.length])).toEqual([["batch", 100, 1], ["batch", 0, 50]]);
    const late = await start(ns, "late");
    expect(late.presence.onlineMembers().sort()).toEqual(a.presence.onlineMembers().sort());
  });

  it("never announces guests, though they count as connected", async () => {
    const ns = namespace();
    const a = await start(ns, "a");
    const b = await start(ns, "b");
    b.presence.opened(9, "guest_device", true);
    await vi.waitFor(() => expect(a.presence.onlineUids()).toEqual([9]));
    expect(a.presence.onlineMembers()).toEqual([]);
    b.presence.closed(9, "guest_device", true);
    await vi.waitFor(() => expect(a.presence.onlineUids()).toEqual([]));
    expect(a.changes).toEqual([]);
  });

  it("drops a dead instance's streams when its entry expires, and at once when one leaves cleanly", async () => {
    const ns = namespace();
    const a = await start(ns, "a");
    const crashing = await start(ns, "crashing");
    const leaving = await start(ns, "leaving");
    crashing.presence.opened(1, "web", false);
    leaving.presence.opened(2, "web", false);
    await vi.waitFor(() => expect(a.changes).toEqual([[1, true], [2, true]]));
    // A crash: the process stops talking to Redis without a word.
    crashing.redis.disconnect();
    crashing.subscriber.disconnect();
    const lost = Date.now();
    await vi.waitFor(() => expect(a.changes).toContainEqual([1, false]), { timeout: 3_000, interval: 20 });
    expect(Date.now() - lost).toBeLessThan(1_500);
    await leaving.presence.close();
    await vi.waitFor(() => expect(a.changes).toContainEqual([2, false]), { timeout: 300, interval: 10 });
  });

  it("a late starter loads the streams already open elsewhere", async () => {
    const ns = namespace();
    const a = await start(ns, "a");
    a.presence.opened(3, "web", false);
    a.presence.opened(4, "web", true);
    await new Promise((r) => setTimeout(r, 50));
    const late = await start(ns, "late");
    expect(late.presence.isOnline(3)).toBe(true);
    expect(late.presence.onlineMembers()).toEqual([3]);
    expect(late.changes).toEqual([]);
  });
});
