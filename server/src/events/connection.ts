import type { ServerResponse } from "node:http";
import type { KickReason, Mid, ServerEvent, Uid } from "@parley/protocol";
import { frameOf } from "./bus.js";

/**
 * A stream whose socket buffer grows past this is too slow to keep up; it is closed rather than
 * allowed to grow without bound or hold others back. Its client reconnects with `after_mid` and
 * the backlog replays what it missed, so nothing is lost.
 */
export const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/** One open `GET /api/user/events` response. */
export class SseConnection {
  private live = false;
  private closed = false;
  /** Live frames that arrived while the connect sequence was being written. */
  private pending: { event: ServerEvent; frame: string }[] = [];
  private lastBacklogMid: Mid = 0;
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
    if (this.res.writableLength > MAX_PENDING_BYTES) {
      this.close();
      return;
    }
    this.res.write(chunk);
    this.lastWriteAt = Date.now();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    if (!this.res.writableEnded) this.res.end();
    this.onClose(this);
  }
}
