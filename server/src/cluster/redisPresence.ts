import type { Redis } from "ioredis";
import type { Uid } from "@parley/protocol";
import { LocalStreams, type Presence } from "./presence.js";
import { onJsonMessage } from "./redis.js";

/** One open (uid, device) of an instance, as stored in Redis: `uid:guest:device` (device last: it may hold colons). */
type Entry = string;

const entryOf = (uid: Uid, device: string, isGuest: boolean): Entry => `${uid}:${isGuest ? 1 : 0}:${device}`;

function parseEntry(entry: Entry): { uid: Uid; isGuest: boolean; device: string } | null {
  const first = entry.indexOf(":");
  const second = entry.indexOf(":", first + 1);
  if (first < 1 || second < 0) return null;
  const uid = Number(entry.slice(0, first));
  return Number.isSafeInteger(uid) ? { uid, isGuest: entry[first + 1] === "1", device: entry.slice(second + 1) } : null;
}

/**
 * A change an instance publishes: the entries added and removed in one turn of its event loop
 * (`batch`), its whole set, or its departure. (`+`/`-`, one entry each, are what nodes before
 * the batches published: still understood during a rolling upgrade.)
 */
type Message = { i: string; s: number } & (
  | { op: "batch"; add: Entry[]; rm: Entry[] }
  | { op: "+" | "-"; e: Entry }
  | { op: "full"; all: Entry[] }
  | { op: "gone" }
);

export interface RedisPresenceOptions {
  /** How often an instance renews its entry in the instance table and checks the others'. */
  heartbeatMs?: number;
  /** An instance whose entry is older than this is dead: its streams are dropped from everyone's view. */
  ttlMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Presence across the nodes of a cluster (docs/CLUSTER.md "Presence").
 *
 * Each node instance keeps, in Redis, the set of (uid, device) it holds streams for and a
 * sequence number, and publishes every change of it on one channel. Every instance mirrors the
 * others' sets in memory, so the questions asked on every connect (`isOnline` for each member)
 * cost no round trip, and it derives online/offline changes from its mirror. A listener that
 * missed messages (Redis was away) reloads the sets, applying the changes that arrived during
 * the reload only when they are newer than what it read (the sequence numbers).
 *
 * A node that dies stops renewing its entry in the instance table; after `ttlMs` the others drop
 * its streams (its users go offline unless they hold a stream elsewhere) and delete its keys.
 */
export class RedisPresence implements Presence {
  private readonly local = new LocalStreams();
  /** The other instances' sets, with the sequence number each was last seen at. */
  private readonly remote = new Map<string, { seq: number; entries: Set<Entry> }>();
  /** Per uid, the devices other instances hold, counted (one device may briefly be on two). */
  private readonly remoteDevices = new Map<Uid, Map<string, number>>();
  private readonly remoteGuests = new Set<Uid>();
  private readonly listeners: ((uid: Uid, online: boolean) => void)[] = [];
  private seq = 0;
  /** Messages that arrive while the sets are being reloaded; null when not reloading. */
  private buffer: Message[] | null = null;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  /**
   * This turn's changes of this instance's set, not yet written: entry → whether it is now held.
   * A reconnect storm opens thousands of streams in a few turns; one MULTI and one message per
   * turn instead of per stream halved the storm's presence cost on the node and in Redis
   * (docs/PERFORMANCE.md "Runtime flags: not `--optimize-for-size`").
   */
  private pending: Map<Entry, boolean> | null = null;
  private readonly heartbeatMs: number;
  private readonly ttlMs: number;
  private readonly onError: (err: unknown) => void;

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly key: (name: string) => string,
    private readonly instance: string,
    options: RedisPresenceOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.ttlMs = options.ttlMs ?? 15_000;
    this.onError = options.onError ?? (() => {});
    onJsonMessage<Message>(subscriber, this.channel, (message) => this.receive(message), (err) => this.onError(err));
    subscriber.on("ready", () => {
      if (this.started && !this.stopped) void this.resync();
    });
  }

  private get channel(): string {
    return this.key("presence");
  }
  private get instancesKey(): string {
    return this.key("presence:instances");
  }
  private setKey(instance: string): string {
    return this.key(`presence:set:${instance}`);
  }
  private seqKey(instance: string): string {
    return this.key(`presence:seq:${instance}`);
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
    await this.resync();
    this.started = true;
    this.timer = setInterval(() => void this.beat().catch(this.onError), this.heartbeatMs);
    this.timer.unref();
  }

  opened(uid: Uid, device: string, isGuest: boolean): void {
    const wasOnline = this.isOnline(uid);
    if (this.local.add(uid, device, isGuest)) this.write(entryOf(uid, device, isGuest), true);
    if (!wasOnline && !isGuest) this.notify(uid, true);
  }

  closed(uid: Uid, device: string, isGuest: boolean): void {
    const wasOnline = this.isOnline(uid);
    if (this.local.remove(uid, device)) this.write(entryOf(uid, device, isGuest), false);
    if (wasOnline && !this.isOnline(uid) && !isGuest) this.notify(uid, false);
  }

  isOnline(uid: Uid): boolean {
    return this.local.byUid.has(uid) || this.remoteDevices.has(uid);
  }

  onlineUids(): Uid[] {
    return [...new Set([...this.local.byUid.keys(), ...this.remoteDevices.keys()])];
  }

  onlineMembers(): Uid[] {
    return this.onlineUids().filter((uid) => !this.isGuest(uid));
  }

  onlineDevices(uid: Uid): Set<string> {
    return new Set([...(this.local.byUid.get(uid)?.keys() ?? []), ...(this.remoteDevices.get(uid)?.keys() ?? [])]);
  }

  heldElsewhere(uid: Uid, device: string): boolean {
    return this.remoteDevices.get(uid)?.has(device) ?? false;
  }

  onChange(listener: (uid: Uid, online: boolean) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.stopped = true;
    // Unwritten changes are moot: the set is deleted below.
    this.pending = null;
    if (this.timer) clearInterval(this.timer);
    this.listeners.length = 0;
    // Leaving on purpose: the others drop this instance's streams now, not after the TTL.
    const gone: Message = { i: this.instance, s: ++this.seq, op: "gone" };
    await this.redis
      .multi()
      .del(this.setKey(this.instance), this.seqKey(this.instance))
      .hdel(this.instancesKey, this.instance)
      .publish(this.channel, JSON.stringify(gone))
      .exec()
      .catch(() => {});
    await this.subscriber.unsubscribe(this.channel).catch(() => {});
  }

  private notify(uid: Uid, online: boolean): void {
    for (const listener of this.listeners) listener(uid, online);
  }

  /** Notes a change of this instance's set; the turn's changes are written together (`flush`). */
  private write(entry: Entry, held: boolean): void {
    if (this.stopped) return;
    if (this.pending === null) {
      this.pending = new Map();
      setImmediate(() => this.flush());
    }
    this.pending.set(entry, held);
  }

  /**
   * Stores the turn's changes of this instance's set and publishes them, atomically (MULTI), as
   * one message with one sequence number. An entry opened and closed in the same turn is sent
   * as it ended (SADD and SREM are idempotent, so a net change is enough).
   */
  private flush(): void {
    const pending = this.pending;
    this.pending = null;
    if (pending === null || pending.size === 0 || this.stopped) return;
    const add: Entry[] = [];
    const rm: Entry[] = [];
    for (const [entry, held] of pending) (held ? add : rm).push(entry);
    const message: Message = { i: this.instance, s: ++this.seq, op: "batch", add, rm };
    const multi = this.redis.multi();
    if (add.length > 0) multi.sadd(this.setKey(this.instance), ...add);
    if (rm.length > 0) multi.srem(this.setKey(this.instance), ...rm);
    multi.set(this.seqKey(this.instance), message.s).publish(this.channel, JSON.stringify(message));
    multi.exec().catch(this.onError);
  }

  private localEntries(): Entry[] {
    const entries: Entry[] = [];
    for (const [uid, devices] of this.local.byUid) {
      const isGuest = this.local.guests.has(uid);
      for (const device of devices.keys()) entries.push(entryOf(uid, device, isGuest));
    }
    return entries;
  }

  /**
   * (Re)writes this instance's whole set and reloads the others'. Run at start and whenever the
   * subscriber is back after a gap: Redis may have restarted empty, and messages were missed.
   */
  private async resync(): Promise<void> {
    this.buffer = [];
    try {
      const all = this.localEntries();
      const full: Message = { i: this.instance, s: ++this.seq, op: "full", all };
      const multi = this.redis.multi().del(this.setKey(this.instance));
      if (all.length > 0) multi.sadd(this.setKey(this.instance), ...all);
      await multi
        .set(this.seqKey(this.instance), full.s)
        .hset(this.instancesKey, this.instance, Date.now() + this.ttlMs)
        .publish(this.channel, JSON.stringify(full))
        .exec();
      const loaded = new Map<string, { seq: number; entries: Set<Entry> }>();
      for (const instance of await this.liveInstances()) loaded.set(instance, await this.load(instance));
      const before = this.onlineWithRole();
      for (const instance of [...this.remote.keys()]) if (!loaded.has(instance)) this.replace(instance, null, false);
      for (const [instance, state] of loaded) this.replace(instance, state, false);
      const buffered = this.buffer;
      this.buffer = null;
      for (const message of buffered) this.apply(message, false);
      // At start this node has no streams to tell; after a gap, they hear what changed meanwhile.
      if (this.started) this.notifyDifference(before);
    } catch (err) {
      this.buffer = null;
      this.onError(err);
    }
  }

  /** Other instances whose entry has not expired; expired ones are deleted on the way. */
  private async liveInstances(): Promise<string[]> {
    const table = await this.redis.hgetall(this.instancesKey);
    const now = Date.now();
    const live: string[] = [];
    for (const [instance, expires] of Object.entries(table)) {
      if (instance === this.instance) continue;
      if (Number(expires) > now) live.push(instance);
      else await this.redis.multi().hdel(this.instancesKey, instance).del(this.setKey(instance), this.seqKey(instance)).exec();
    }
    return live;
  }

  private async load(instance: string): Promise<{ seq: number; entries: Set<Entry> }> {
    const result = await this.redis.multi().smembers(this.setKey(instance)).get(this.seqKey(instance)).exec();
    const members = (result?.[0]?.[1] as string[] | undefined) ?? [];
    const seq = Number((result?.[1]?.[1] as string | null | undefined) ?? 0);
    return { seq, entries: new Set(members) };
  }

  /** Renews this instance's entry; drops instances that died and loads ones not seen yet. */
  private async beat(): Promise<void> {
    if (this.stopped) return;
    await this.redis.hset(this.instancesKey, this.instance, Date.now() + this.ttlMs);
    const live = new Set(await this.liveInstances());
    for (const instance of [...this.remote.keys()]) if (!live.has(instance)) this.replace(instance, null, true);
    for (const instance of live) {
      if (this.remote.has(instance) || this.buffer !== null) continue;
      const state = await this.load(instance);
      if (!this.remote.has(instance)) this.replace(instance, state, true);
    }
  }

  private receive(message: Message): void {
    if (message.i === this.instance) return;
    if (this.buffer !== null) this.buffer.push(message);
    else this.apply(message, true);
  }

  private apply(message: Message, notify: boolean): void {
    if (message.op === "gone") return this.replace(message.i, null, notify);
    if (message.op === "full") {
      const current = this.remote.get(message.i);
      if (!current || message.s > current.seq) this.replace(message.i, { seq: message.s, entries: new Set(message.all) }, notify);
      return;
    }
    let state = this.remote.get(message.i);
    if (!state) this.remote.set(message.i, (state = { seq: 0, entries: new Set() }));
    if (message.s <= state.seq) return;
    state.seq = message.s;
    const [add, rm] = message.op === "batch" ? [message.add, message.rm] : message.op === "+" ? [[message.e], []] : [[], [message.e]];
    for (const entry of rm) if (state.entries.delete(entry)) this.count(entry, -1, notify);
    for (const entry of add) {
      if (state.entries.has(entry)) continue;
      state.entries.add(entry);
      this.count(entry, +1, notify);
    }
  }

  /** Replaces an instance's whole set (null: the instance is gone). */
  private replace(instance: string, next: { seq: number; entries: Set<Entry> } | null, notify: boolean): void {
    const current = this.remote.get(instance);
    for (const entry of current?.entries ?? []) if (!next?.entries.has(entry)) this.count(entry, -1, notify);
    for (const entry of next?.entries ?? []) if (!current?.entries.has(entry)) this.count(entry, +1, notify);
    if (next) this.remote.set(instance, next);
    else this.remote.delete(instance);
  }

  private count(entry: Entry, delta: 1 | -1, notify: boolean): void {
    const parsed = parseEntry(entry);
    if (!parsed) return;
    const { uid, isGuest, device } = parsed;
    const wasOnline = this.isOnline(uid);
    let devices = this.remoteDevices.get(uid);
    if (!devices) this.remoteDevices.set(uid, (devices = new Map()));
    const n = (devices.get(device) ?? 0) + delta;
    if (n > 0) devices.set(device, n);
    else devices.delete(device);
    if (devices.size === 0) this.remoteDevices.delete(uid);
    if (isGuest) {
      if (this.remoteDevices.has(uid)) this.remoteGuests.add(uid);
      else this.remoteGuests.delete(uid);
    }
    const online = this.isOnline(uid);
    if (notify && online !== wasOnline && !isGuest) this.notify(uid, online);
  }

  /** Everyone online, and whether each is a guest. */
  private onlineWithRole(): Map<Uid, boolean> {
    return new Map(this.onlineUids().map((uid) => [uid, this.isGuest(uid)]));
  }

  private notifyDifference(before: Map<Uid, boolean>): void {
    const after = this.onlineWithRole();
    for (const [uid, guest] of before) if (!after.has(uid) && !guest) this.notify(uid, false);
    for (const [uid, guest] of after) if (!before.has(uid) && !guest) this.notify(uid, true);
  }

  private isGuest(uid: Uid): boolean {
    return this.local.guests.has(uid) || this.remoteGuests.has(uid);
  }
}
