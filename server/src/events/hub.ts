import { SSE_HEARTBEAT_MS, SSE_KEEPALIVE_MS, type Mid, type ServerEvent, type Uid } from "@parley/protocol";
import type { Presence } from "../cluster/presence.js";
import { frameOf, type Delivery, type DeviceTarget, type EventBus } from "./bus.js";
import { SseConnection, type ConnectionOwner } from "./connection.js";
import type { StreamTarget } from "./sink.js";

const KEEPALIVE_FRAME = ":\n\n";

/** How long a late chat is replayed to reconnecting clients (`LateChats`). */
export const LATE_CHAT_WINDOW_MS = 60_000;
const LATE_CHATS_KEPT = 10_000;

/**
 * Chats delivered after a chat with a larger mid: their transactions committed out of mid order
 * (concurrent sends, a publish held back while Redis was away). A client that saw the larger mid
 * and lost its stream before the late one arrived resumes with `after_mid` past it and would
 * never get it, so the connect sequence replays, from the last minute, the late chats at or
 * below `after_mid` that arrived when a mid of at least `after_mid` had already been delivered
 * (so the client's stream may have been gone by then), and that the client may see
 * (docs/CLUSTER.md "Ordering"). A client whose stream was still open when one arrived gets it
 * twice; that takes its stream breaking in the few milliseconds before the next newer chat, and
 * clients keep messages by mid, so the user sees it once.
 */
export class LateChats {
  private maxMid = 0;
  /** Each late chat, when it was delivered, and the largest mid delivered before it. */
  private readonly late: { mid: Mid; at: number; after: Mid }[] = [];

  observe(mid: Mid): void {
    if (mid > this.maxMid) {
      this.maxMid = mid;
      return;
    }
    if (mid === this.maxMid) return;
    this.late.push({ mid, at: Date.now(), after: this.maxMid });
    if (this.late.length > LATE_CHATS_KEPT) this.late.splice(0, this.late.length - LATE_CHATS_KEPT);
  }

  /** The late chats of the last minute a client that saw up to `afterMid` may have missed. */
  missedBy(afterMid: Mid): Mid[] {
    const since = Date.now() - LATE_CHAT_WINDOW_MS;
    let drop = 0;
    while (drop < this.late.length && this.late[drop].at < since) drop++;
    if (drop > 0) this.late.splice(0, drop);
    return this.late.filter((l) => l.mid <= afterMid && l.after >= afterMid).map((l) => l.mid);
  }
}

/**
 * This node's open event streams. It subscribes to the bus once and hands each delivery to the
 * connections its audience names; the frame was serialized once by the bus, so fan-out is a
 * lookup and a socket write per connection. It reports each stream to presence, which tells it
 * when a member's state changes anywhere in the cluster; the hub tells its own streams (every
 * node does, so each stream hears it once, without an event on the bus). It also keeps the
 * keep-alive/heartbeat timers for all streams on one interval.
 */
export class ConnectionHub implements ConnectionOwner {
  private readonly byUid = new Map<Uid, Set<SseConnection>>();
  private readonly all = new Set<SseConnection>();
  private nextId = 1;
  /** Chats that reached the streams after a larger mid had (`LateChats`). */
  readonly lateChats = new LateChats();
  /** Set by `close()`: the streams being ended hear nothing more (not even each other leaving). */
  private closing = false;
  /**
   * The system setting `show_user_online_status`. Off, presence is never revealed: no
   * `users_state_changed` is published and the connect sequence reports everyone offline. It is
   * set at start and follows the `server_config_changed` events on the bus (every node sees them).
   */
  private presenceVisible = true;
  private readonly unsubscribe: () => void;
  private readonly ticker: NodeJS.Timeout;
  /** This turn's streams whose device also holds one on another node: kicked there in one event. */
  private kicksElsewhere: DeviceTarget[] | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly presence: Presence,
    showPresence = true,
    /** This process's instance id: names its streams for a cross-node kick. */
    private readonly instance = "local",
  ) {
    this.presenceVisible = showPresence;
    this.unsubscribe = bus.subscribe((d) => this.dispatch(d));
    presence.onChange((uid, online) => {
      if (this.presenceVisible && !this.closing) this.tellLocal({ type: "users_state_changed", uid, online }, uid);
    });
    this.ticker = setInterval(() => this.tick(), 1_000);
    this.ticker.unref();
  }

  /**
   * Opens a stream for (uid, device). The older stream of the same device is kicked: one stream
   * per (user, device). The new stream buffers live events until its connect sequence is written.
   */
  register(uid: Uid, device: string, isGuest: boolean, res: StreamTarget): SseConnection {
    const conn = new SseConnection(this.nextId++, uid, device, isGuest, res, this);
    let set = this.byUid.get(uid);
    if (!set) this.byUid.set(uid, (set = new Set()));
    let older: SseConnection[] | null = null;
    for (const c of set) if (c.device === device) (older ??= []).push(c);
    set.add(conn);
    this.all.add(conn);
    // The new stream is counted before the old one of the same device goes: no offline blink.
    this.presence.opened(uid, device, isGuest);
    if (older) for (const old of older) old.kick("login_from_other_device");
    if (this.presence.heldElsewhere(uid, device)) this.kickElsewhere({ uid, device, exceptStream: this.streamName(conn) });
    return conn;
  }

  /**
   * Kicks the other nodes' streams of a device that opened one here, with the others of the same
   * turn: when a node dies, every stream it held reconnects elsewhere while presence still lists
   * it (until its entry expires): one publish, and one message for every node to parse, per
   * turn instead of per stream.
   */
  private kickElsewhere(target: DeviceTarget): void {
    if (this.kicksElsewhere === null) {
      this.kicksElsewhere = [];
      setImmediate(() => {
        const targets = this.kicksElsewhere ?? [];
        this.kicksElsewhere = null;
        if (this.closing || targets.length === 0) return;
        const audience = targets.length === 1 ? { kind: "device" as const, ...targets[0] } : { kind: "devices" as const, targets };
        this.bus.publish({ type: "kick", reason: "login_from_other_device" }, audience);
      });
    }
    this.kicksElsewhere.push(target);
  }

  private streamName(conn: SseConnection): string {
    return `${this.instance}/${conn.id}`;
  }

  /** Delivers an event to this node's streams only (presence changes: every node tells its own). */
  private tellLocal(event: ServerEvent, exceptUid: Uid): void {
    this.deliver({ event, audience: { kind: "everyone", exceptUid }, frame: frameOf(event) });
  }

  get showsPresence(): boolean {
    return this.presenceVisible;
  }

  /**
   * Turns presence on or off. Turned on, this node's streams hear the real state of every member
   * online anywhere; turned off, that they are all offline. (Every node does this on the same
   * `server_config_changed` event.)
   */
  setPresenceVisible(visible: boolean): void {
    if (visible === this.presenceVisible) return;
    this.presenceVisible = visible;
    for (const uid of this.presence.onlineMembers()) this.tellLocal({ type: "users_state_changed", uid, online: visible }, uid);
  }

  /** Whether `uid` has a stream on any node. */
  isOnline(uid: Uid): boolean {
    return this.presence.isOnline(uid);
  }

  /** Devices of `uid` with an open stream on any node. */
  onlineDevices(uid: Uid): Set<string> {
    return this.presence.onlineDevices(uid);
  }

  connectionCount(): number {
    return this.all.size;
  }

  /** Drops a closed stream from the indexes (its `close()` calls this). */
  remove(conn: SseConnection): void {
    this.all.delete(conn);
    const set = this.byUid.get(conn.uid);
    if (!set) return;
    if (!set.delete(conn)) return;
    if (set.size === 0) this.byUid.delete(conn.uid);
    this.presence.closed(conn.uid, conn.device, conn.isGuest);
  }

  /**
   * Ends every stream of this node without a kick: their clients reconnect at once with
   * `after_mid` and catch up from the database. Used when this node may have missed events
   * (its Redis subscription was interrupted).
   */
  reconnectAll(): void {
    for (const conn of [...this.all]) conn.close();
  }

  private dispatch(delivery: Delivery): void {
    this.deliver(delivery);
    const event = delivery.event;
    if (event.type === "chat") this.lateChats.observe(event.mid);
    if (event.type === "server_config_changed" && typeof event.show_user_online_status === "boolean") {
      this.setPresenceVisible(event.show_user_online_status);
    }
  }

  private deliver(delivery: Delivery): void {
    const audience = delivery.audience;
    switch (audience.kind) {
      case "everyone":
        for (const conn of this.all) {
          if (conn.uid !== audience.exceptUid) conn.deliver(delivery);
        }
        return;
      case "users":
        for (const uid of audience.uids) {
          for (const conn of this.byUid.get(uid) ?? []) {
            if (conn.device !== audience.exceptDevice) conn.deliver(delivery);
          }
        }
        return;
      case "device":
        this.deliverToDevice(audience, delivery);
        return;
      case "devices":
        for (const target of audience.targets) this.deliverToDevice(target, delivery);
        return;
    }
  }

  private deliverToDevice(target: DeviceTarget, delivery: Delivery): void {
    for (const conn of this.byUid.get(target.uid) ?? []) {
      if (conn.device === target.device && this.streamName(conn) !== target.exceptStream) conn.deliver(delivery);
    }
  }

  /** Every second: a `heartbeat` to streams due one (every 15 s), a `:` comment to streams idle 5 s. */
  private tick(): void {
    const now = Date.now();
    let heartbeat: string | null = null;
    for (const conn of this.all) {
      if (now - conn.lastHeartbeatAt >= SSE_HEARTBEAT_MS) {
        heartbeat ??= frameOf({ type: "heartbeat", time: now });
        conn.lastHeartbeatAt = now;
        conn.write(heartbeat);
      } else if (now - conn.lastWriteAt >= SSE_KEEPALIVE_MS) {
        conn.write(KEEPALIVE_FRAME);
      }
    }
  }

  close(): void {
    this.closing = true;
    clearInterval(this.ticker);
    this.unsubscribe();
    for (const conn of [...this.all]) conn.close();
  }
}
