import type { ServerResponse } from "node:http";
import { SSE_HEARTBEAT_MS, SSE_KEEPALIVE_MS, type Uid } from "@parley/protocol";
import { frameOf, type Delivery, type EventBus } from "./bus.js";
import { SseConnection, type ConnectionOwner } from "./connection.js";

const KEEPALIVE_FRAME = ":\n\n";

/**
 * This node's open event streams. It subscribes to the bus once and hands each delivery to the
 * connections its audience names; the frame was serialized once by the bus, so fan-out is a
 * lookup and a socket write per connection. It also keeps presence (first stream online, last
 * stream offline) and the keep-alive/heartbeat timers for all streams on one interval.
 */
export class ConnectionHub implements ConnectionOwner {
  private readonly byUid = new Map<Uid, Set<SseConnection>>();
  private readonly all = new Set<SseConnection>();
  private nextId = 1;
  /**
   * The system setting `show_user_online_status`. Off, presence is never revealed: no
   * `users_state_changed` is published and the connect sequence reports everyone offline. It is
   * set at start and follows the `server_config_changed` events on the bus (every node sees them).
   */
  private presenceVisible = true;
  private readonly unsubscribe: () => void;
  private readonly ticker: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    showPresence = true,
  ) {
    this.presenceVisible = showPresence;
    this.unsubscribe = bus.subscribe((d) => this.dispatch(d));
    this.ticker = setInterval(() => this.tick(), 1_000);
    this.ticker.unref();
  }

  /**
   * Opens a stream for (uid, device). The older stream of the same device is kicked: one stream
   * per (user, device). The new stream buffers live events until its connect sequence is written.
   */
  register(uid: Uid, device: string, isGuest: boolean, res: ServerResponse): SseConnection {
    for (const old of this.byUid.get(uid) ?? []) {
      if (old.device === device) old.kick("login_from_other_device");
    }
    const conn = new SseConnection(this.nextId++, uid, device, isGuest, res, this);
    const wasOnline = this.isOnline(uid);
    let set = this.byUid.get(uid);
    if (!set) this.byUid.set(uid, (set = new Set()));
    set.add(conn);
    this.all.add(conn);
    if (!wasOnline && !isGuest && this.presenceVisible) {
      this.bus.publish({ type: "users_state_changed", uid, online: true }, { kind: "everyone", exceptUid: uid });
    }
    return conn;
  }

  get showsPresence(): boolean {
    return this.presenceVisible;
  }

  /**
   * Turns presence on or off. A change tells everyone the real state of this node's users when
   * it is turned on, and reports them offline when it is turned off.
   */
  setPresenceVisible(visible: boolean): void {
    if (visible === this.presenceVisible) return;
    this.presenceVisible = visible;
    for (const [uid, conns] of this.byUid) {
      if ([...conns].every((c) => c.isGuest)) continue;
      this.bus.publish({ type: "users_state_changed", uid, online: visible }, { kind: "everyone", exceptUid: uid });
    }
  }

  isOnline(uid: Uid): boolean {
    const set = this.byUid.get(uid);
    return set !== undefined && set.size > 0;
  }

  onlineUids(): Uid[] {
    return [...this.byUid.keys()];
  }

  /** Devices of `uid` with an open stream here. */
  onlineDevices(uid: Uid): Set<string> {
    return new Set([...(this.byUid.get(uid) ?? [])].map((c) => c.device));
  }

  connectionCount(): number {
    return this.all.size;
  }

  /** Drops a closed stream from the indexes (its `close()` calls this). */
  remove(conn: SseConnection): void {
    this.all.delete(conn);
    const set = this.byUid.get(conn.uid);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) {
      this.byUid.delete(conn.uid);
      if (!conn.isGuest && this.presenceVisible) {
        this.bus.publish({ type: "users_state_changed", uid: conn.uid, online: false }, { kind: "everyone", exceptUid: conn.uid });
      }
    }
  }

  private dispatch(delivery: Delivery): void {
    this.deliver(delivery);
    const event = delivery.event;
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
        for (const conn of this.byUid.get(audience.uid) ?? []) {
          if (conn.device === audience.device) conn.deliver(delivery);
        }
        return;
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
    clearInterval(this.ticker);
    this.unsubscribe();
    for (const conn of [...this.all]) conn.close();
  }
}
