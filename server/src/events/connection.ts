import type { KickReason, Mid, ServerEvent, Uid } from "@parley/protocol";
import { frameOf, type Delivery } from "./bus.js";
import { sinkFor, type Part, type StreamSink, type StreamTarget } from "./sink.js";
import { currentTurn, scheduleFlush, sharedFrame, type TurnLog } from "./turn.js";

export { flushStreams, MIN_FLUSH_INTERVAL_MS } from "./turn.js";

/**
 * A stream whose socket buffer grows past this is too slow to keep up; it is closed rather than
 * allowed to grow without bound or hold others back. Its client reconnects with `after_mid` and
 * the backlog replays what it missed, so nothing is lost.
 */
export const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/** How many of the newest replayed mids a stream remembers, and for how long after going live. */
export const BACKLOG_DEDUPE_MIDS = 64;
export const BACKLOG_DEDUPE_MS = 30_000;

/** Where a closed stream reports itself (the hub, which drops it from its indexes). */
export interface ConnectionOwner {
  remove(conn: SseConnection): void;
}

/**
 * The stream of each open response (or WebSocket), for the one `close` listener every response
 * shares: a closure per stream (and its context) would be about 100 bytes of an idle stream's budget.
 */
const streamOf = new WeakMap<StreamTarget, SseConnection>();

function onResponseClose(this: StreamTarget): void {
  streamOf.get(this)?.close();
}

/**
 * One open `GET /api/user/events` response, or `GET /api/user/events_ws` WebSocket (the same
 * stream through another sink, events/sink.ts). An idle stream keeps only what it needs: 10,000 of
 * them are held at once, and each byte here is 10 KB there (docs/PERFORMANCE.md).
 */
export class SseConnection {
  private live = false;
  private closed = false;
  /** Live frames that arrived while the connect sequence was being written; null once live. */
  private pending: Delivery[] | null = [];
  /**
   * The newest mids the backlog replayed, to drop their live copies: a message committed before
   * the backlog was read but published after the stream subscribed arrives twice. Only the
   * newest few can (a publish follows its commit within milliseconds), and only for a short
   * while, after which the set is dropped. Not "every mid up to the newest replayed": commits
   * of concurrent sends (several nodes, or one node's parallel transactions) finish out of mid
   * order, and a smaller mid that commits after the backlog was read is new to this client.
   */
  private backlogMids: readonly Mid[] | null = null;
  /** Whether `backlogMids` is this stream's own array (else one shared by the streams of a replayed run). */
  private ownsMids = false;
  private dedupeUntil = 0;
  /**
   * The connect sequence's frames (and anything written before `goLive`), held until it ends:
   * then they go out with the response's headers in one socket write (a reconnect storm is
   * thousands of streams, each two or three writes otherwise), consecutive text as one part,
   * written as text; null once live.
   */
  private initial: Part[] | null = [];
  /** What this stream owes from `log`, the turn's frames: flat [start, end) pairs; null when nothing waits. */
  private runs: number[] | null = null;
  private log: TurnLog | null = null;
  /** Characters owed this turn (the slow-stream check counts them with the socket's backlog). */
  private owed = 0;
  private readonly sink: StreamSink;
  lastWriteAt = Date.now();
  lastHeartbeatAt = Date.now();

  constructor(
    readonly id: number,
    readonly uid: Uid,
    readonly device: string,
    readonly isGuest: boolean,
    res: StreamTarget,
    private readonly owner: ConnectionOwner,
  ) {
    this.sink = sinkFor(res);
    streamOf.set(res, this);
    res.on("close", onResponseClose);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Writes a frame of the connect sequence (before `goLive`). `shared`: the same event object is
   * written to many streams (a cached snapshot), so its frame is serialized and encoded once.
   */
  writeInitial(event: ServerEvent, { shared = false }: { shared?: boolean } = {}): void {
    if (event.type === "chat") this.rememberReplayed([event.mid]);
    if (shared) {
      const { frame, bytes } = sharedFrame(event);
      this.write(frame, null, bytes);
    } else {
      this.write(frameOf(event));
    }
  }

  /**
   * Writes a run of replayed chats encoded once for every stream that replays the same run
   * (`frames`: their frames, ascending; `mids`: their newest `BACKLOG_DEDUPE_MIDS` mids,
   * ascending, an array shared by those streams and never changed).
   */
  writeReplayed(frames: Buffer, mids: readonly Mid[]): void {
    this.rememberReplayed(mids, true);
    this.write("", null, frames);
  }

  /** Adds replayed mids (ascending) to the newest `BACKLOG_DEDUPE_MIDS` remembered. */
  private rememberReplayed(mids: readonly Mid[], shared = false): void {
    const had = this.backlogMids;
    if (had === null || had.length === 0) {
      this.backlogMids = shared ? mids : mids.slice(-BACKLOG_DEDUPE_MIDS);
      this.ownsMids = !shared;
      return;
    }
    const all = this.ownsMids ? (had as Mid[]) : had.slice();
    for (const mid of mids) all.push(mid);
    // Ascending replay: the first are the oldest.
    if (all.length > BACKLOG_DEDUPE_MIDS) all.splice(0, all.length - BACKLOG_DEDUPE_MIDS);
    this.backlogMids = all;
    this.ownsMids = true;
  }

  /** Ends the connect sequence: sends it, then the live events that arrived meanwhile, skipping duplicates. */
  goLive(): void {
    const pending = this.pending ?? [];
    this.pending = null;
    const initial = this.initial;
    this.initial = null;
    this.owed = 0;
    // Written now, before the live events (they go out at the end of the turn).
    if (initial !== null && initial.length > 0 && !this.closed) {
      this.sink.write(initial);
      this.lastWriteAt = Date.now();
    }
    this.live = true;
    this.dedupeUntil = Date.now() + BACKLOG_DEDUPE_MS;
    for (const delivery of pending) this.deliver(delivery);
  }

  deliver(delivery: Delivery): void {
    if (this.closed) return;
    if (!this.live) {
      this.pending?.push(delivery);
      return;
    }
    const event = delivery.event;
    if (event.type === "chat" && this.backlogMids !== null) {
      if (Date.now() > this.dedupeUntil) this.backlogMids = null;
      else if (this.backlogMids.includes(event.mid)) return;
    }
    this.write(delivery.frame, delivery);
    if (event.type === "kick") this.close();
  }

  kick(reason: KickReason): void {
    if (this.closed) return;
    this.write(frameOf({ type: "kick", reason }));
    this.close();
  }

  write(frame: string, delivery: Delivery | null = null, bytes?: Buffer): void {
    if (this.closed) return;
    if (this.sink.backlog + this.owed > MAX_PENDING_BYTES) {
      this.close();
      return;
    }
    const size = bytes ? bytes.length : frame.length;
    const initial = this.initial;
    if (initial !== null) {
      const last = initial.length - 1;
      if (bytes) initial.push(bytes);
      else if (last >= 0 && typeof initial[last] === "string") initial[last] += frame;
      else initial.push(frame);
      this.owed += size;
      return;
    }
    const turn = currentTurn();
    const index = turn.add(frame, delivery, bytes);
    const runs = this.runs;
    if (runs === null) {
      this.runs = [index, index + 1];
      this.log = turn;
      scheduleFlush(this);
    } else if (runs[runs.length - 1] === index) {
      runs[runs.length - 1] = index + 1;
    } else {
      runs.push(index, index + 1);
    }
    this.owed += size;
    this.lastWriteAt = Date.now();
  }

  /** The bytes this stream owes, and clears the debt. */
  private take(): Part[] | null {
    const runs = this.runs;
    const log = this.log;
    this.runs = null;
    this.log = null;
    this.owed = 0;
    const initial = this.initial;
    if (initial !== null && initial.length > 0) {
      // Closed before going live (a kick): what was written of the sequence still goes out.
      this.initial = [];
      return initial;
    }
    return runs === null || log === null ? null : log.bytes(runs);
  }

  /** Sends the frames written this turn (called once per turn by the shared flush). */
  flush(): void {
    const parts = this.take();
    if (parts !== null && !this.closed) this.sink.write(parts);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = null;
    // A kick's frame (written just before) still goes out, with the end of the response.
    const parts = this.take() ?? [];
    if (!this.sink.ended) this.sink.end(parts);
    this.owner.remove(this);
  }
}
