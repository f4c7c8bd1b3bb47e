import type { Selectable } from "kysely";
import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import { precompile, type Precompiled } from "../db/precompiled.js";
import type { NotifyQueueTable } from "../db/schema.js";
import type { AlsoInTransaction } from "../repos/messageAppender.js";
import type { MessageRow } from "../repos/messages.js";
import type { PathOutcome } from "./types.js";

/**
 * THE NOTIFICATION QUEUE (docs/NOTIFICATIONS.md "The queue"), in two tables:
 * - `notify_outbox`: one row per new message, written in the message's own transaction
 *   (`notifyQueueing`), so a committed message will be considered and a rolled-back one never.
 *   The send pays one small insert, whatever the size of the audience.
 * - `notify_queue`: what the worker expands an outbox row into, one row per (recipient,
 *   message, path), in one transaction with the outbox row's removal. The unique
 *   (mid, uid, path) index makes a repeated expansion (a pass that died after its claim) add
 *   nothing.
 * Queue rows are claimed like the webhook outbox: one `UPDATE … WHERE id IN (SELECT … LIMIT)
 * RETURNING` that sets `claimed_until`, so an overlapping pass skips them and a dead one leaves
 * them free again after `CLAIM_MS`. Outbox rows need no claim (`pendingOutbox`).
 */
export type QueueRow = Selectable<NotifyQueueTable>;

/** A claim whose pass never reported (the node died) runs out after this. */
export const CLAIM_MS = 60_000;
/** Failed sends are retried for this long after they were queued, then given up. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
const MAX_BACKOFF_MS = 3_600_000;
/** Finished rows are kept this long (what was sent, for support), then deleted. */
export const KEEP_FINISHED_MS = 24 * 3_600_000;

/**
 * The outbox insert, compiled once per dialect (`db/precompiled.ts`): it runs on every send, and
 * building a Kysely query each time cost as much as the insert.
 */
const outboxInserts = new WeakMap<object, Precompiled<unknown>>();

function outboxInsertOf(tx: Db): Precompiled<unknown> {
  const key = tx.getExecutor().adapter;
  let insert = outboxInserts.get(key);
  if (!insert) {
    insert = precompile(tx.insertInto("notify_outbox").values({ mid: 0, created_at: 0 }));
    outboxInserts.set(key, insert);
  }
  return insert;
}

/** The outbox insert to run in a new message's transaction (normal and reply messages). */
export const notifyOutboxInsert = async (tx: Db, row: MessageRow): Promise<void> => {
  await outboxInsertOf(tx).run(tx, [row.mid, row.created_at]);
};

/**
 * The writes of a new message's transaction: `also` (the webhook deliveries, when any) and
 * then the notification outbox row. The message commands pass this to `messages.append`.
 */
export function notifyQueueing(also: AlsoInTransaction | undefined): AlsoInTransaction {
  if (!also) return notifyOutboxInsert;
  return async (tx, row) => {
    await also(tx, row);
    await notifyOutboxInsert(tx, row);
  };
}

/**
 * Up to `limit` outbox rows, oldest first. They are not claimed: their expansion is one
 * transaction that inserts the work (the unique (mid, uid, path) index ignores what is already
 * queued) and deletes them, so an overlapping pass expanding the same rows adds nothing, and a
 * claim's extra write per message is saved (`notify_outbox.claimed_until` stays unused).
 */
export function pendingOutbox(db: Db, limit: number): Promise<{ id: number; mid: number }[]> {
  return db.selectFrom("notify_outbox").select(["id", "mid"]).orderBy("id").limit(limit).execute();
}

export interface NewWork {
  uid: Uid;
  mid: number;
  path: string;
  due_at: number;
}

/** Rows per insert statement (PostgreSQL's 65,535 parameters; SQLite's 32,766). */
const INSERT_CHUNK = 500;

/**
 * Replaces claimed outbox rows by their per-recipient work, in one transaction: the work of a
 * message exists exactly when its outbox row is gone. A row already queued (an earlier
 * expansion that committed late) is left as it is.
 */
export async function expandInto(db: Db, outboxIds: readonly number[], work: readonly NewWork[], now: number): Promise<void> {
  if (outboxIds.length === 0) return;
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < work.length; i += INSERT_CHUNK) {
      await tx
        .insertInto("notify_queue")
        .values(work.slice(i, i + INSERT_CHUNK).map((w) => ({ ...w, claimed_until: null, attempts: 0, outcome: null, created_at: now, finished_at: null })))
        .onConflict((oc) => oc.columns(["mid", "uid", "path"]).doNothing())
        .execute();
    }
    await tx.deleteFrom("notify_outbox").where("id", "in", [...outboxIds]).execute();
  });
}

/** Claims up to `limit` due rows, oldest due first. */
export function claimDue(db: Db, now: number, limit: number): Promise<QueueRow[]> {
  return db
    .updateTable("notify_queue")
    .set({ claimed_until: now + CLAIM_MS })
    .where("id", "in", (qb) =>
      qb
        .selectFrom("notify_queue as q")
        .select("q.id")
        .where("q.due_at", "<=", now)
        .where((eb) => eb.or([eb("q.claimed_until", "is", null), eb("q.claimed_until", "<=", now)]))
        .orderBy("q.due_at")
        .limit(limit),
    )
    .where("due_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .returningAll()
    .execute();
}

/**
 * A digest path's other pending rows of the same users (not due yet): one mail covers every
 * unread message up to now, and the later rows it covered are finished with it.
 */
export function claimPendingOf(db: Db, path: string, uids: readonly Uid[], now: number): Promise<QueueRow[]> {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .updateTable("notify_queue")
    .set({ claimed_until: now + CLAIM_MS })
    .where("path", "=", path)
    .where("uid", "in", [...uids])
    .where("due_at", "is not", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .returningAll()
    .execute();
}

/** What happened to one row: a path's outcome, or `read` (the rule dropped it at fire time). */
export type RowOutcome = PathOutcome | "read";

/** When the attempt after `attempts` failed ones is made; null: given up. */
export function retryAt(row: Pick<QueueRow, "created_at">, attempts: number, now: number, baseMs: number): number | null {
  if (now - row.created_at >= RETRY_WINDOW_MS) return null;
  return now + Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(attempts - 1, 30));
}

/**
 * Records the outcomes of a pass in one transaction: sent, skipped and read are final; failed
 * is retried with backoff until `RETRY_WINDOW_MS`, then recorded as given up.
 */
export async function recordOutcomes(db: Db, done: readonly { row: QueueRow; outcome: RowOutcome }[], now: number, baseMs: number): Promise<void> {
  if (done.length === 0) return;
  // Final outcomes in one statement per kind; failures one by one (each has its own next time).
  const finals = new Map<RowOutcome, number[]>();
  const failures: QueueRow[] = [];
  for (const { row, outcome } of done) {
    if (outcome === "failed") failures.push(row);
    else finals.set(outcome, [...(finals.get(outcome) ?? []), row.id]);
  }
  await db.transaction().execute(async (tx) => {
    for (const [outcome, ids] of finals) {
      for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
        await tx
          .updateTable("notify_queue")
          .set((eb) => ({ outcome, due_at: null, claimed_until: null, finished_at: now, attempts: eb("attempts", "+", 1) }))
          .where("id", "in", ids.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    }
    for (const row of failures) {
      const attempts = row.attempts + 1;
      const next = retryAt(row, attempts, now, baseMs);
      await tx
        .updateTable("notify_queue")
        .set({ attempts, due_at: next, claimed_until: null, outcome: next === null ? "failed" : null, finished_at: next === null ? now : null })
        .where("id", "=", row.id)
        .execute();
    }
  });
}

/**
 * Deletes finished rows older than `KEEP_FINISHED_MS`, and the push subscriptions of deleted
 * accounts (those of signed-out devices are kept, unused: signing in again on that browser
 * brings them back).
 */
export async function pruneFinished(db: Db, now: number): Promise<void> {
  await db.deleteFrom("notify_queue").where("due_at", "is", null).where("finished_at", "<", now - KEEP_FINISHED_MS).execute();
  await db
    .deleteFrom("push_subscriptions")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("users").select("users.uid").whereRef("users.uid", "=", "push_subscriptions.uid"))))
    .execute();
}
