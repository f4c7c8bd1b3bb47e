import type { ServerResponse } from "node:http";
import type { KickReason, Mid, ServerEvent, Uid } from "@parley/protocol";
import { frameOf } from "./bus.js";

/**
 * A stream whose socket buffer grows past this is too slow to keep up; it is closed rather than
 * allowed to grow without bound or hold others back. Its client reconnects with `after_mid` and
 * the backlog replays what it missed, so nothing is lost.
 */
export const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * Streams with frames waiting for the end of this event-loop turn. Every frame delivered during
 * one turn (a burst of sends, a fan-out, a connect sequence) goes out in one socket write per
 * stream instead of one per frame: under load that divides the syscalls by the burst size, at
 * the cost of at most one turn of latency.
 */
const dirty: SseConnection[] = [];
let flushScheduled = false;

/** Sends every stream's waiting frames now (the end-of-turn flush; tests call it directly). */
export function flushStreams(): void {
  flushScheduled = false;
  const conns = dirty.splice(0);
  for (const conn of conns) conn.flush();
}

function scheduleFlush(conn: SseConnection): void {
  dirty.push(conn);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushStreams);
  }
}

/** One open `GET /api/user/events` response. */
export class SseConnection {
  private live = false;
  private closed = false;
  /** Live frames that arrived while the connect sequence was being written. */
  private pending: { event: ServerEvent; frame: string }[] = [];
  private lastBacklogMid: Mid = 0;
  /** Frames written this turn, sent by `flush`; null when nothing waits. */
  private out: string | null = null;
  lastWriteAt = Date.now();
  lastHeartbeatAt = Date.now();

  constructor(
    readonly id: number,
    readonly uid: Uid,
    readonly device: string,
    readonly isGuest: boolean,
    private readonly res: ServerResponse,
    private readonly onClose: (conn: SseConnection) => void,
  ) {
    res.on("close", () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes a frame of the connect sequence (before `goLive`). */
  writeInitial(event: ServerEvent): void {
    if (event.type === "chat" && event.mid > this.lastBacklogMid) this.lastBacklogMid = event.mid;
    this.write(frameOf(event));
  }

  /** Ends the connect sequence: flushes the live events that arrived meanwhile, skipping duplicates. */
  goLive(): void {
    const pending = this.pending;
    this.pending = [];
    this.live = true;
    for (const { event, frame } of pending) this.deliver(event, frame);
  }

  deliver(event: ServerEvent, frame: string): void {
    if (this.closed) return;
    if (!this.live) {
      this.pending.push({ event, frame });
      return;
    }
    if (event.type === "chat" && event.mid <= this.lastBacklogMid) return;
    this.write(frame);
    if (event.type === "kick") this.close();
  }

  kick(reason: KickReason): void {
    if (this.closed) return;
    this.write(frameOf({ type: "kick", reason }));
    this.close();
  }

  write(chunk: string): void {
    if (this.closed) return;
    if (this.res.writableLength + (this.out?.length ?? 0) > MAX_PENDING_BYTES) {
      this.close();
      return;
    }
    if (this.out === null) {
      this.out = chunk;
      scheduleFlush(this);
    } else {
      this.out += chunk;
    }
    this.lastWriteAt = Date.now();
  }

  /** Sends the frames written this turn (called once per turn by the shared flush). */
  flush(): void {
    const out = this.out;
    this.out = null;
    if (out !== null && !this.closed) this.res.write(out);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    const out = this.out;
    this.out = null;
    // A kick's frame (written just before) still goes out, with the end of the response.
    if (!this.res.writableEnded) {
      if (out !== null) this.res.end(out);
      else this.res.end();
    }
    this.onClose(this);
  }
}
