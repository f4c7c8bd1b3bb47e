import { beforeAll, describe, expect, it, vi } from "vitest";
import type { EventOf, ServerEvent } from "@parley/protocol";
import { call } from "../test/api.js";
import { clusterAvailable, cutSubscriptions, useCluster } from "../test/cluster.js";
import { isType } from "../test/events.js";
import { buildAdmin, buildChannel, buildDevice, buildMember, buildMessage, buildUser } from "../test/factories.js";
import type { Session, TestServer } from "../test/harness.js";
import { openEvents, type SseClient } from "../test/sse.js";

/** Opens `who`'s stream on `node` and waits for its connect sequence to end. */
async function stream(node: TestServer, who: Session, open: SseClient[], query: Record<string, string | number> = {}): Promise<SseClient> {
  const c = await openEvents(node.url, { "api-key": who.token, ...query });
  open.push(c);
  expect(c.status).toBe(200);
  await c.waitFor(isType("ready"), 20_000);
  return c;
}

let fenceSeq = 2_000_000;
/**
 * Waits until every client heard a marker published by every node. A node's publishes reach
 * every stream in order, so what a node published before its marker has arrived by then.
 */
async function fenceAll(nodes: TestServer[], clients: SseClient[]): Promise<void> {
  for (const node of nodes) {
    const gid = ++fenceSeq;
    node.ctx.bus.publish({ type: "group_message_cleared", gid }, { kind: "everyone" });
    await Promise.all(clients.map((c) => c.waitFor((e) => e.type === "group_message_cleared" && e.gid === gid, 20_000)));
  }
}

const chatMids = (c: SseClient): number[] => c.events.filter(isType("chat")).map((e) => e.mid);

describe.skipIf(!clusterAvailable())("three nodes on one PostgreSQL and one Redis", () => {
  const { nodes } = useCluster(3);
  let admin: Session;
  beforeAll(async () => {
    admin = await buildAdmin(nodes[0]);
  });
  const open: SseClient[] = [];
  const closeAll = () => {
    for (const c of open.splice(0)) c.close();
  };

  it("delivers a message sent on any node to every member's streams on every node, exactly once (300 streams)", async () => {
    const [a] = nodes;
    const users: Session[] = [];
    for (let i = 0; i < 150; i++) users.push(await buildUser(nodes[i % 3], `Member${i}`));
    // Two devices per user, streaming from two different nodes: 300 streams over three nodes.
    const clients: SseClient[] = [];
    const byUser = new Map<number, SseClient[]>();
    for (const [i, u] of users.entries()) {
      const phone = await buildDevice(nodes[i % 3], u);
      const pair = [await stream(nodes[i % 3], u, open), await stream(nodes[(i + 1) % 3], phone, open)];
      clients.push(...pair);
      byUser.set(u.uid, pair);
    }
    expect(nodes.map((n) => n.ctx.hub.connectionCount())).toEqual([100, 100, 100]);

    const general = await buildChannel(a, admin, { name: "general", is_public: true });
    const insiders = users.slice(0, 30);
    const secret = await buildChannel(a, admin, { name: "secret", members: insiders.map((u) => u.uid) });
    const publicMids = [];
    for (const [i, node] of nodes.entries()) publicMids.push(await buildMessage(node, users[i], { gid: general }, `hello from node ${i}`));
    const secretMid = await buildMessage(nodes[2], insiders[1], { gid: secret }, "for insiders");
    const dmMid = await buildMessage(nodes[1], users[5], { uid: users[7].uid }, "psst");
    await fenceAll(nodes, clients);

    for (const u of users) {
      for (const c of byUser.get(u.uid) ?? []) {
        const mids = chatMids(c);
        for (const mid of publicMids) expect(mids.filter((m) => m === mid)).toHaveLength(1);
        const insider = insiders.some((x) => x.uid === u.uid);
        expect(mids.filter((m) => m === secretMid)).toHaveLength(insider ? 1 : 0);
        const inDm = u.uid === users[5].uid || u.uid === users[7].uid;
        expect(mids.filter((m) => m === dmMid)).toHaveLength(inDm ? 1 : 0);
      }
    }
    closeAll();
  }, 120_000);

  it("shows presence across nodes: online when a stream opens anywhere, offline when the last one closes", async () => {
    const [a, b, c] = nodes;
    const watcher = await buildUser(a, "Watcher");
    // Made through the API, so the directory every node serves on connect lists her.
    const paula = await buildMember(b, admin, "Paula");
    const watching = await stream(a, watcher, open);
    const from = watching.events.length;
    const onB = await stream(b, paula, open);
    await watching.waitFor((e) => e.type === "users_state_changed" && e.uid === paula.uid && e.online, 10_000, from);
    // A later connect on the third node lists her online in its connect sequence.
    const late = await stream(c, await buildUser(c, "Late"), open);
    const state = late.events.find(isType("users_state"));
    expect(state?.users).toContainEqual({ uid: paula.uid, online: true });
    // Online on two nodes, she stays online while one stream remains.
    const phone = await stream(c, await buildDevice(c, paula), open);
    const mark = watching.events.length;
    onB.close();
    await onB.ended;
    await fenceAll(nodes, [watching]);
    expect(watching.events.slice(mark).filter((e) => e.type === "users_state_changed" && e.uid === paula.uid)).toEqual([]);
    expect(a.ctx.hub.onlineDevices(paula.uid)).toEqual(new Set([`phone:${paula.uid}`]));
    phone.close();
    await watching.waitFor((e) => e.type === "users_state_changed" && e.uid === paula.uid && !e.online, 10_000, mark);
    closeAll();
  }, 60_000);

  it("sends typing across nodes, throttled once for the whole cluster", async () => {
    const [a, b, c] = nodes;
    const tina = await buildUser(a, "Tina");
    const reader = await buildUser(c, "Reader");
    const readerStream = await stream(c, reader, open);
    const mark = readerStream.events.length;
    expect((await call(a, "POST", "/user/typing", tina, { target: { uid: reader.uid } })).statusCode).toBe(200);
    // The next call lands on another node within the 2 s window: accepted, not sent again.
    expect((await call(b, "POST", "/user/typing", tina, { target: { uid: reader.uid } })).statusCode).toBe(200);
    await fenceAll(nodes, [readerStream]);
    const typing = readerStream.events.slice(mark).filter(isType("typing"));
    expect(typing).toEqual([{ type: "typing", uid: tina.uid, target: { uid: reader.uid } }]);
    closeAll();
  }, 60_000);

  it("kicks a stream on another node: a logout on node A ends the device's stream on node C", async () => {
    const [a, , c] = nodes;
    const leo = await buildUser(a, "Leo");
    const onC = await stream(c, leo, open);
    expect((await call(a, "GET", "/token/logout", leo)).statusCode).toBe(200);
    const kick = await onC.waitFor(isType("kick"), 10_000);
    expect(kick).toEqual({ type: "kick", reason: "logout" });
    await onC.ended;
    await vi.waitFor(() => expect(c.ctx.hub.onlineDevices(leo.uid)).toEqual(new Set()));
    closeAll();
  }, 60_000);

  it("keeps one stream per device across nodes: a reconnect on node B kicks the older stream on node A", async () => {
    const [a, b] = nodes;
    const dora = await buildUser(a, "Dora");
    const old = await stream(a, dora, open);
    const fresh = await stream(b, dora, open);
    expect(await old.waitFor(isType("kick"), 10_000)).toEqual({ type: "kick", reason: "login_from_other_device" });
    await old.ended;
    await fenceAll(nodes, [fresh]);
    expect(fresh.events.filter(isType("kick"))).toEqual([]);
    closeAll();
  }, 60_000);

  it("ends a node's streams when its Redis subscription was cut, and they catch up from the database", async () => {
    const [a, b] = nodes;
    const writer = await buildUser(a, "Writer");
    const rita = await buildUser(b, "Rita");
    const first = await stream(b, rita, open);
    // Cut its subscriber connections, as a network blip would.
    await cutSubscriptions(b);
    await first.ended;
    const missed = await buildMessage(a, writer, { uid: rita.uid }, "sent while rita was away");
    const lastSeen = Math.max(0, ...chatMids(first));
    // Until its subscription is back the node refuses streams (503) and the client retries.
    let again: SseClient | null = null;
    const statuses = new Set<number>();
    await vi.waitFor(
      async () => {
        const c = await openEvents(b.url, { "api-key": rita.token, after_mid: lastSeen });
        open.push(c);
        statuses.add(c.status);
        if (c.status !== 200) c.close();
        expect(c.status).toBe(200);
        again = c;
      },
      { timeout: 10_000, interval: 20 },
    );
    if (!again) throw new Error("no stream");
    await (again as SseClient).waitFor(isType("ready"), 10_000);
    expect([...statuses].every((s) => s === 200 || s === 503)).toBe(true);
    expect(chatMids(again as SseClient)).toContain(missed);
    // Live delivery works again once the subscription is back.
    const live = await buildMessage(a, writer, { uid: rita.uid }, "and now live");
    await (again as SseClient).waitFor((e: ServerEvent) => e.type === "chat" && (e as EventOf<"chat">).mid === live, 10_000);
    closeAll();
  }, 60_000);
});
