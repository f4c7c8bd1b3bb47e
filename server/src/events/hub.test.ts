import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InProcessEventBus } from "./bus.js";
import { BACKLOG_DEDUPE_MS, flushStreams, MAX_PENDING_BYTES, MIN_FLUSH_INTERVAL_MS } from "./connection.js";
import { LocalPresence } from "../cluster/presence.js";
import { ConnectionHub } from "./hub.js";

/** A stand-in for the socket side of a response: records writes, reports a settable backlog. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  raw: (string | Buffer)[] = [];
  writableLength = 0;
  writableEnded = false;
  write(chunk: string | Buffer) {
    this.raw.push(chunk);
    this.chunks.push(chunk.toString());
    return true;
  }
  cork() {}
  uncork() {}
  end(chunk?: string | Buffer) {
    if (chunk !== undefined) this.chunks.push(chunk.toString());
    this.writableEnded = true;
    this.emit("close");
  }
  get text() {
    return this.chunks.join("");
  }
}

/** A channel text message with the given mid, as the bus carries it. */
const chat = (mid: number) => ({
  type: "chat" as const,
  mid,
  from_uid: 2,
  created_at: 0,
  target: { gid: 1 },
  detail: { type: "normal" as const, properties: null, content_type: "text/plain", content: "x", expires_in: null },
});

const asRes = (r: FakeResponse) => r as unknown as ServerResponse;
/** Frames go out at the end of the event-loop turn (one write per stream per turn). */
const endOfTurn = flushStreams;

describe("ConnectionHub", () => {
  let bus: InProcessEventBus;
  let hub: ConnectionHub;
  beforeEach(() => {
    vi.useFakeTimers();
    bus = new InProcessEventBus();
    hub = new ConnectionHub(bus, new LocalPresence());
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  it("serializes an event once and writes the same frame to every addressed stream", () => {
    const spy = vi.spyOn(JSON, "stringify");
    const streams = Array.from({ length: 50 }, () => new FakeResponse());
    streams.forEach((r, i) => hub.register(i + 1, "web:x", false, asRes(r)).goLive());
    spy.mockClear();
    bus.publish({ type: "group_message_cleared", gid: 7 }, { kind: "everyone" });
    endOfTurn();
    expect(spy).toHaveBeenCalledTimes(1);
    for (const r of streams) expect(r.text.endsWith('data: {"type":"group_message_cleared","gid":7}\n\n')).toBe(true);
    spy.mockRestore();
  });

  it("closes a stream that stops reading instead of buffering without bound, and others go on", () => {
    const slow = new FakeResponse();
    const fast = new FakeResponse();
    const slowConn = hub.register(1, "a", false, asRes(slow));
    hub.register(2, "b", false, asRes(fast)).goLive();
    slowConn.goLive();
    slow.writableLength = MAX_PENDING_BYTES + 1;
    bus.publish({ type: "group_message_cleared", gid: 1 }, { kind: "everyone" });
    endOfTurn();
    expect(slowConn.isClosed).toBe(true);
    expect(slow.writableEnded).toBe(true);
    expect(fast.text).toContain('"gid":1');
    bus.publish({ type: "group_message_cleared", gid: 2 }, { kind: "everyone" });
    endOfTurn();
    expect(fast.text).toContain('"gid":2');
    expect(hub.isOnline(1)).toBe(false);
    expect(hub.isOnline(2)).toBe(true);
  });

  it("holds live events until the connect sequence is written, then drops replayed chats", () => {
    const r = new FakeResponse();
    const conn = hub.register(1, "a", false, asRes(r));
    bus.publish(chat(5), { kind: "everyone" });
    bus.publish(chat(6), { kind: "everyone" });
    expect(r.text).toBe("");
    conn.writeInitial(chat(5));
    conn.writeInitial({ type: "ready" });
    conn.goLive();
    endOfTurn();
    const mids = [...r.text.matchAll(/"mid":(\d+)/g)].map((m) => Number(m[1]));
    expect(mids).toEqual([5, 6]);
    expect(r.text.indexOf('"ready"')).toBeLessThan(r.text.indexOf('"mid":6'));
  });

  it("delivers a live chat whose smaller mid committed after the backlog was read, and drops live copies of replayed ones", () => {
    const r = new FakeResponse();
    const conn = hub.register(1, "a", false, asRes(r));
    // 10 and 12 were committed when the backlog was read; 11 (another node's, or a parallel
    // transaction's) committed just after, and is published after 12's live copy.
    conn.writeInitial(chat(10));
    conn.writeInitial(chat(12));
    conn.writeInitial({ type: "ready" });
    conn.goLive();
    bus.publish(chat(12), { kind: "everyone" });
    bus.publish(chat(11), { kind: "everyone" });
    endOfTurn();
    expect([...r.text.matchAll(/"mid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([10, 12, 11]);
    // The replayed mids are remembered for a while only, then the set is dropped.
    vi.advanceTimersByTime(BACKLOG_DEDUPE_MS + 1);
    bus.publish(chat(12), { kind: "everyone" });
    endOfTurn();
    expect([...r.text.matchAll(/"mid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([10, 12, 11, 12]);
  });

  it("holds the connect sequence until it ends, then writes it before the live events, and drops live copies of a replayed run", () => {
    const r = new FakeResponse();
    const conn = hub.register(1, "a", false, asRes(r));
    conn.writeInitial({ type: "user_settings" } as never);
    endOfTurn();
    expect(r.text).toBe("");
    const run = Buffer.from([7, 8].map((mid) => `data: ${JSON.stringify(chat(mid))}\n\n`).join(""));
    const mids = Object.freeze([7, 8]);
    conn.writeReplayed(run, mids);
    conn.writeInitial({ type: "ready" });
    bus.publish(chat(8), { kind: "everyone" });
    bus.publish(chat(9), { kind: "everyone" });
    conn.goLive();
    endOfTurn();
    expect([...r.text.matchAll(/"mid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([7, 8, 9]);
    expect(r.text.indexOf('"user_settings"')).toBeLessThan(r.text.indexOf('"mid":7'));
    // A replayed chat written on its own after a shared run leaves the shared mids unchanged.
    const other = hub.register(2, "b", false, asRes(new FakeResponse()));
    other.writeReplayed(run, mids);
    other.writeInitial(chat(10));
    expect(mids).toEqual([7, 8]);
  });

  it("writes a keep-alive comment every 5 s and a heartbeat every 15 s", () => {
    const r = new FakeResponse();
    hub.register(1, "a", false, asRes(r)).goLive();
    vi.advanceTimersByTime(5_000);
    endOfTurn();
    expect(r.text).toBe(":\n\n");
    vi.advanceTimersByTime(10_000);
    endOfTurn();
    expect(r.chunks.filter((c) => c === ":\n\n")).toHaveLength(2);
    expect(r.chunks.at(-1)).toMatch(/^data: \{"type":"heartbeat","time":\d+\}\n\n$/);
  });

  it("delivers device-addressed events to that device only, and a kick closes it", () => {
    const web = new FakeResponse();
    const phone = new FakeResponse();
    hub.register(1, "web", false, asRes(web)).goLive();
    hub.register(1, "phone", false, asRes(phone)).goLive();
    bus.publish({ type: "kick", reason: "logout" }, { kind: "device", uid: 1, device: "web" });
    endOfTurn();
    expect(web.text).toContain('"reason":"logout"');
    expect(web.writableEnded).toBe(true);
    expect(phone.text).not.toContain("kick");
    expect(hub.onlineDevices(1)).toEqual(new Set(["phone"]));
  });

  it("sends the frames of one event-loop turn in one write per stream, in order", () => {
    const r = new FakeResponse();
    hub.register(1, "a", false, asRes(r)).goLive();
    for (let gid = 1; gid <= 5; gid++) bus.publish({ type: "group_message_cleared", gid }, { kind: "everyone" });
    expect(r.chunks).toEqual([]);
    endOfTurn();
    expect(r.chunks).toHaveLength(1);
    expect([...r.text.matchAll(/"gid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5]);
    bus.publish({ type: "group_message_cleared", gid: 6 }, { kind: "everyone" });
    endOfTurn();
    expect(r.chunks).toHaveLength(2);
  });

  it("encodes a broadcast once: streams owed the same frames get the same bytes object", () => {
    const streams = Array.from({ length: 20 }, () => new FakeResponse());
    streams.forEach((r, i) => hub.register(i + 1, "web:x", false, asRes(r)).goLive());
    const loner = new FakeResponse();
    const lonerConn = hub.register(100, "web:x", false, asRes(loner));
    lonerConn.goLive();
    endOfTurn(); // the presence announcements of the registrations differ per stream
    for (const r of [...streams, loner]) {
      r.raw = [];
      r.chunks = [];
    }
    for (let gid = 1; gid <= 3; gid++) bus.publish({ type: "group_message_cleared", gid }, { kind: "everyone" });
    lonerConn.kick("logout"); // a frame of its own between broadcasts does not disturb the others
    bus.publish({ type: "group_message_cleared", gid: 4 }, { kind: "everyone" });
    endOfTurn();
    const first = streams[0].raw[0];
    expect(Buffer.isBuffer(first)).toBe(true);
    for (const r of streams) {
      expect(r.raw).toHaveLength(1);
      expect(r.raw[0]).toBe(first);
      expect([...r.text.matchAll(/"gid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4]);
    }
    expect([...loner.text.matchAll(/"gid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);
    expect(loner.text.endsWith('"reason":"logout"}\n\n')).toBe(true);
  });

  it("flushes at the end of a quiet turn, and gathers the turns of a busy stretch into one write", () => {
    const r = new FakeResponse();
    hub.register(1, "a", false, asRes(r)).goLive();
    vi.advanceTimersByTime(MIN_FLUSH_INTERVAL_MS);
    bus.publish({ type: "group_message_cleared", gid: 1 }, { kind: "everyone" });
    vi.advanceTimersToNextTimer(); // the end-of-turn flush, nothing having been written lately
    expect(r.chunks).toHaveLength(1);
    bus.publish({ type: "group_message_cleared", gid: 2 }, { kind: "everyone" });
    vi.advanceTimersByTime(1);
    bus.publish({ type: "group_message_cleared", gid: 3 }, { kind: "everyone" });
    expect(r.chunks).toHaveLength(1);
    vi.advanceTimersByTime(MIN_FLUSH_INTERVAL_MS);
    expect(r.chunks).toHaveLength(2);
    expect([...r.chunks[1].matchAll(/"gid":(\d+)/g)].map((m) => Number(m[1]))).toEqual([2, 3]);
  });

  it("kicks the other nodes' streams of the devices opened in one turn with one event, sparing the new streams", () => {
    // Two hubs on one bus stand for two nodes; node B's presence sees node A's devices.
    const held = new Set(["1/web", "2/web"]);
    const presenceB = Object.assign(new LocalPresence(), { heldElsewhere: (uid: number, device: string) => held.has(`${uid}/${device}`) });
    const nodeB = new ConnectionHub(bus, presenceB, true, "node-b");
    try {
      const onA = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
      hub.register(1, "web", false, asRes(onA[0])).goLive();
      hub.register(2, "web", false, asRes(onA[1])).goLive();
      hub.register(3, "phone", false, asRes(onA[2])).goLive();
      const publish = vi.spyOn(bus, "publish");
      const onB = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
      nodeB.register(1, "web", false, asRes(onB[0])).goLive();
      nodeB.register(2, "web", false, asRes(onB[1])).goLive();
      nodeB.register(3, "tablet", false, asRes(onB[2])).goLive();
      expect(publish).not.toHaveBeenCalled();
      vi.advanceTimersToNextTimer();
      endOfTurn();
      expect(publish).toHaveBeenCalledTimes(1);
      expect(publish.mock.calls[0][1]).toEqual({
        kind: "devices",
        targets: [
          { uid: 1, device: "web", exceptStream: "node-b/1" },
          { uid: 2, device: "web", exceptStream: "node-b/2" },
        ],
      });
      expect(onA.map((r) => r.writableEnded)).toEqual([true, true, false]);
      expect(onA[0].text).toContain('"reason":"login_from_other_device"');
      expect(onB.map((r) => r.writableEnded)).toEqual([false, false, false]);
    } finally {
      nodeB.close();
    }
  });

  it("does not announce guests' presence", () => {
    const watcher = new FakeResponse();
    hub.register(1, "w", false, asRes(watcher)).goLive();
    hub.register(99, "guest_device", true, asRes(new FakeResponse())).goLive();
    expect(watcher.text).not.toContain("users_state_changed");
  });
});
