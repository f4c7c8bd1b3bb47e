// The newest messages, kept per server for the backlog of resuming streams (connectCache.ts).
import type { EventOf, Gid, Mid, Uid } from "@parley/protocol";
import type { Db } from "../../db/index.js";
import { frameOf } from "../../events/bus.js";
import { BACKLOG_DEDUPE_MIDS } from "../../events/connection.js";
import { presentMessage } from "../../presenters/messages.js";
import type { MessageRow } from "../../repos/messages.js";
import { CONNECT_CACHE_TTL_MS } from "./cachedRead.js";

/** How many of the newest messages `MessageTail` keeps. */
export const MESSAGE_TAIL_SIZE = 1_000;

/** A message kept by `MessageTail`, with its `chat` event (one object for every stream, so its frame is encoded once). */
const chatEvents = new WeakMap<MessageRow, EventOf<"chat">>();

export function chatEventOf(row: MessageRow): EventOf<"chat"> {
  let event = chatEvents.get(row);
  if (!event) chatEvents.set(row, (event = { type: "chat", ...presentMessage(row) }));
  return event;
}

/** The newest messages as one read (and the reads since) found them: every message with a mid above `floor`. */
export interface TailView {
  /** Ascending by mid. */
  rows: readonly MessageRow[];
  floor: Mid;
}

/**
 * The newest `MESSAGE_TAIL_SIZE` messages of the server (every channel and direct conversation),
 * for the backlog of streams that resume with a recent `after_mid`: in a storm they all missed
 * the same recent messages, and each takes its own from one read instead of a query of its own.
 *
 * It is the database as read, kept current from the bus: each `chat` event makes the next
 * stream read the messages from that mid up again (a short read; commits finish out of mid
 * order, so it is the mid of the event, not the newest kept), a deleted message (a `delete`
 * reaction) and the events that remove messages (a channel deleted or cleared, an account
 * deleted) drop it all, and it is read whole again after `CONNECT_CACHE_TTL_MS`.
 */
export class MessageTail {
  private rows: MessageRow[] = [];
  private floor: Mid = Infinity;
  private loadedAt = 0;
  /** The messages above this mid are to be read again (a chat event came); null when none is. */
  private stale: Mid | null = null;
  /** Chat events heard, and how many of them the rows reflect. */
  private heard = 0;
  private covered = 0;
  private generation = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly size = MESSAGE_TAIL_SIZE,
    private readonly ttlMs = CONNECT_CACHE_TTL_MS,
  ) {}

  /** A `chat` event was heard: a new message, or a reaction (a `delete` removed its message). */
  onChat(event: EventOf<"chat">): void {
    if (event.detail.type === "reaction" && event.detail.detail.type === "delete") {
      this.invalidate();
      return;
    }
    this.heard++;
    this.stale = Math.min(this.stale ?? Infinity, event.mid - 1);
  }

  invalidate(): void {
    this.generation++;
    this.rows = [];
    this.floor = Infinity;
    this.stale = null;
    this.covered = this.heard;
    this.loading = null;
  }

  /** The tail with every message whose event was heard before this call. */
  async view(): Promise<TailView> {
    const need = this.heard;
    for (let attempt = 0; ; attempt++) {
      // Chats heard after this call may be missing: the caller's stream hears them live.
      if (this.floor !== Infinity && this.covered >= need && Date.now() - this.loadedAt < this.ttlMs) {
        return { rows: this.rows, floor: this.floor };
      }
      // A steady run of deletes could keep dropping it: the caller then reads on its own.
      if (attempt >= 4) throw new TailUnavailable();
      await (this.loading ??= this.refresh());
    }
  }

  private async refresh(): Promise<void> {
    const generation = this.generation;
    const heard = this.heard;
    const stale = this.stale;
    const whole = this.floor === Infinity || Date.now() - this.loadedAt >= this.ttlMs || (stale !== null && stale < this.floor);
    const startedAt = Date.now();
    this.stale = null;
    try {
      let query = this.db.selectFrom("messages").selectAll();
      if (!whole && stale !== null) query = query.where("mid", ">", stale);
      const newest = await query.orderBy("mid", "desc").limit(this.size).execute();
      if (this.generation !== generation) return;
      newest.reverse();
      if (whole || stale === null) {
        this.rows = newest;
        this.floor = newest.length < this.size ? 0 : newest[0].mid - 1;
        this.loadedAt = startedAt;
      } else if (newest.length === this.size) {
        // More new messages than it keeps: these are the newest ones.
        this.rows = newest;
        this.floor = newest[0].mid - 1;
      } else {
        const kept = this.rows.filter((r) => r.mid <= stale);
        const rows = kept.concat(newest);
        const drop = rows.length - this.size;
        if (drop > 0) {
          this.floor = rows[drop - 1].mid;
          rows.splice(0, drop);
        }
        this.rows = rows;
      }
      this.covered = heard;
    } catch (err) {
      if (this.generation === generation) this.invalidate();
      throw err;
    } finally {
      if (this.generation === generation) this.loading = null;
    }
  }
}

export class TailUnavailable extends Error {}

/**
 * `MessagesRepo.backlogNewestFirst` from the tail, or null when the tail does not hold the
 * whole range after `afterMid`: the same predicate over the same rows.
 */
export function backlogFromTail(tail: TailView, uid: Uid, gids: ReadonlySet<Gid>, afterMid: Mid, limit: number): MessageRow[] | null {
  if (afterMid < tail.floor) return null;
  const newestFirst: MessageRow[] = [];
  for (let i = tail.rows.length - 1; i >= 0; i--) {
    const row = tail.rows[i];
    if (row.mid <= afterMid) break;
    if ((row.target_gid !== null && gids.has(row.target_gid)) || row.dm_low === uid || row.dm_high === uid) {
      newestFirst.push(row);
      if (newestFirst.length > limit) break;
    }
  }
  return newestFirst;
}

/** A backlog taken from the tail, ascending, encoded once: its frames and its newest mids (`SseConnection.writeReplayed`). */
export interface ReplayedRun {
  frames: Buffer;
  mids: readonly Mid[];
}

interface KeptRun extends ReplayedRun {
  newestFirst: readonly MessageRow[];
}

/** Runs encoded per tail read, by the mid of their oldest message; a few distinct runs per mid at most. */
const keptRuns = new WeakMap<readonly MessageRow[], Map<Mid, KeptRun[]>>();
const RUNS_PER_MID = 16;

function sameRows(a: readonly MessageRow[], b: readonly MessageRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The frames of a backlog from the tail (`backlogFromTail`, newest first, not empty), encoded
 * once for every stream that replays the same messages: in a storm, the streams that missed
 * the same messages of the same channels. Runs are told apart by their rows (the same row
 * objects of the same tail read, so the same frames), not by who asked.
 */
export function replayedRun(tail: TailView, newestFirst: readonly MessageRow[]): ReplayedRun {
  let byMid = keptRuns.get(tail.rows);
  if (!byMid) keptRuns.set(tail.rows, (byMid = new Map()));
  const oldest = newestFirst[newestFirst.length - 1].mid;
  const kept = byMid.get(oldest) ?? [];
  for (const run of kept) if (sameRows(run.newestFirst, newestFirst)) return run;
  let text = "";
  const mids: Mid[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    text += frameOf(chatEventOf(newestFirst[i]));
    if (i < BACKLOG_DEDUPE_MIDS) mids.push(newestFirst[i].mid);
  }
  const run: KeptRun = { newestFirst: newestFirst.slice(), frames: Buffer.from(text), mids };
  if (kept.length < RUNS_PER_MID) {
    kept.push(run);
    byMid.set(oldest, kept);
  }
  return run;
}
