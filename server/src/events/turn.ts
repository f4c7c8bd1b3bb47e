import type { ServerEvent } from "@parley/protocol";
import { frameOf, type Delivery } from "./bus.js";

/**
 * THE TURN'S FRAMES. Every frame delivered during one event-loop turn (a burst of sends, a
 * fan-out, a connect sequence) goes out at the end of the turn in one socket write per stream
 * instead of one per frame: under load that divides the syscalls by the burst size, at the cost
 * of at most one turn of latency (`MIN_FLUSH_INTERVAL_MS` below when busy).
 *
 * A stream does not keep its own copy of what it is owed: frames are appended once to the
 * turn's log and a stream holds runs of log indexes. A broadcast (the hub hands the same frame
 * to every addressed stream in turn) leaves most streams owing the same run, so the run is
 * encoded to bytes once and the same Buffer is written to each of them: the per-stream cost of a
 * fan-out is an index and a write, not a string copy and a UTF-8 encoding.
 */
export class TurnLog {
  readonly frames: string[] = [];
  /** Bytes of frames encoded before they were written (`sharedFrame`), by index. */
  private readonly preEncoded = new Map<number, Buffer>();
  private readonly encoded = new Map<number | string, Buffer[]>();
  private lastDelivery: Delivery | null = null;

  /**
   * The index of a frame in this turn. The streams a delivery reaches one after the other share
   * its index; a frame written for one stream alone (`delivery` null) gets its own.
   */
  add(frame: string, delivery: Delivery | null, bytes?: Buffer): number {
    if (delivery !== null && delivery === this.lastDelivery) return this.frames.length - 1;
    this.lastDelivery = delivery;
    const index = this.frames.push(frame) - 1;
    if (bytes) this.preEncoded.set(index, bytes);
    return index;
  }

  /**
   * The bytes of the frames named by `runs` (flat [start, end) pairs), encoded once per turn for
   * every stream owed the same runs: usually one Buffer; a pre-encoded frame is its own part.
   */
  bytes(runs: number[]): Buffer[] {
    const key = runs.length === 2 ? runs[0] * 0x100000000 + runs[1] : runs.join();
    let parts = this.encoded.get(key);
    if (!parts) {
      parts = [];
      let text = "";
      for (let i = 0; i < runs.length; i += 2) {
        for (let f = runs[i]; f < runs[i + 1]; f++) {
          const ready = this.preEncoded.size > 0 ? this.preEncoded.get(f) : undefined;
          if (!ready) {
            text += this.frames[f];
            continue;
          }
          if (text) parts.push(Buffer.from(text));
          text = "";
          parts.push(ready);
        }
      }
      if (text) parts.push(Buffer.from(text));
      this.encoded.set(key, parts);
    }
    return parts;
  }
}

/**
 * A frame many streams are sent in their connect sequence (the user directory), serialized and
 * encoded once per event object instead of once per stream.
 */
const sharedFrames = new WeakMap<ServerEvent, { frame: string; bytes: Buffer }>();

export function sharedFrame(event: ServerEvent): { frame: string; bytes: Buffer } {
  let shared = sharedFrames.get(event);
  if (!shared) {
    const frame = frameOf(event);
    shared = { frame, bytes: Buffer.from(frame) };
    sharedFrames.set(event, shared);
  }
  return shared;
}

/**
 * Streams are written at most this often. A quiet server flushes at the end of the turn (the
 * last flush is long past); a busy one, with turns a fraction of a millisecond apart, gathers
 * the frames of several turns into one write per stream. On loopback a socket write costs
 * about as much as persisting a message, so at thousands of messages a second this cuts the
 * server's work per message by a third, for at most this much added delivery latency.
 */
export const MIN_FLUSH_INTERVAL_MS = 5;

/** A stream with frames waiting for the end of the turn. */
export interface Flushable {
  flush(): void;
}

let turn = new TurnLog();
const dirty: Flushable[] = [];
let flushScheduled = false;
let lastFlushAt = 0;

/** Sends every stream's waiting frames now (the end-of-turn flush; tests call it directly). */
export function flushStreams(): void {
  flushScheduled = false;
  lastFlushAt = Date.now();
  turn = new TurnLog(); // frames written while flushing (a close announcing presence) start a new turn
  const conns = dirty.splice(0);
  for (const conn of conns) conn.flush();
}

/** The log frames written now go to. */
export const currentTurn = (): TurnLog => turn;

/** Has `conn.flush()` called at the end of this turn (or after `MIN_FLUSH_INTERVAL_MS` when busy). */
export function scheduleFlush(conn: Flushable): void {
  dirty.push(conn);
  if (!flushScheduled) {
    flushScheduled = true;
    const wait = lastFlushAt + MIN_FLUSH_INTERVAL_MS - Date.now();
    if (wait <= 0) setImmediate(flushStreams);
    else setTimeout(flushStreams, wait);
  }
}

