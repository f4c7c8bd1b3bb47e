import type { Uid, WebhookDelivery } from "@parley/protocol";
import type { Selectable } from "kysely";
import type { Db } from "../db/index.js";
import type { WebhookOutboxTable } from "../db/schema.js";
import { presentMessage } from "../presenters/messages.js";
import type { MessageRow } from "../repos/messages.js";

/**
 * THE OUTBOX. A delivery is a row written in the transaction of the message it carries, so a
 * message that committed has its deliveries, and one that rolled back has none; the worker
 * (`worker.ts`) sends what is due and records each attempt here. A row is pending (a due time),
 * delivered (`delivered_at`: never sent again) or given up (neither).
 */
export type DeliveryRow = Selectable<WebhookOutboxTable>;

/** The first retry waits `baseMs`, each next one twice as long, never more than this. */
const MAX_BACKOFF_MS = 3_600_000;
/** Failed deliveries are retried for this long after they were queued (hourly at the end), then given up. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** A claimed delivery whose attempt never reported (the node died) is due again after this. */
export const CLAIM_MS = 60_000;

/** The body a bot receives: the `chat` event's message without its `type` (docs/API.md "Webhooks"). */
export const webhookBody = (row: MessageRow): string => JSON.stringify(presentMessage(row));

/** Queues `row` for each bot, inside the caller's transaction; due at once. */
export async function queueDeliveries(tx: Db, bots: readonly Uid[], row: MessageRow): Promise<void> {
  if (bots.length === 0) return;
  const payload = webhookBody(row);
  const now = Date.now();
  await tx
    .insertInto("webhook_outbox")
    .values(bots.map((bot_uid) => ({ bot_uid, mid: row.mid, payload, attempts: 0, next_attempt_at: now, created_at: now })))
    .execute();
}

/** When the attempt after `attempts` failed ones is made; null: the delivery is given up. */
export function nextAttemptAt(row: Pick<DeliveryRow, "created_at">, attempts: number, now: number, baseMs: number): number | null {
  if (now - row.created_at >= RETRY_WINDOW_MS) return null;
  return now + Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(attempts - 1, 30));
}

/**
 * Takes up to `limit` due deliveries for one pass: their due time moves `CLAIM_MS` ahead in
 * the statement that selects them (one `UPDATE … WHERE id IN (SELECT … LIMIT) RETURNING`, on
 * SQLite and PostgreSQL alike), so an overlapping pass (a holder that stalled past its lease)
 * does not take them too: on PostgreSQL it waits for the first claim's row locks and then finds
 * `next_attempt_at` moved. A pass that dies leaves them due again soon.
 */
export function claimDue(db: Db, now: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .updateTable("webhook_outbox")
    .set({ next_attempt_at: now + CLAIM_MS })
    .where("id", "in", (qb) => qb.selectFrom("webhook_outbox as due").select("due.id").where("due.next_attempt_at", "<=", now).orderBy("due.next_attempt_at").limit(limit))
    .where("next_attempt_at", "<=", now)
    .returningAll()
    .execute();
}

export interface AttemptResult {
  status: number | null;
  error: string | null;
}

export interface Attempt {
  row: DeliveryRow;
  result: AttemptResult;
  /** When the answer (or the failure) came. */
  at: number;
}

/** Records one attempt: delivered on a 2xx, else retried later or given up. */
function recordAttempt(db: Db, { row, result, at }: Attempt, baseMs: number) {
  const attempts = row.attempts + 1;
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  return db
    .updateTable("webhook_outbox")
    .set({
      attempts,
      last_status: result.status,
      last_error: delivered ? null : (result.error ?? `status ${result.status}`).slice(0, 500),
      next_attempt_at: delivered ? null : nextAttemptAt(row, attempts, at, baseMs),
      delivered_at: delivered ? at : null,
    })
    .where("id", "=", row.id)
    .execute();
}

/**
 * Records a batch's attempts in one transaction (one commit, not one per delivery). A batch of
 * one (a delivery sent as soon as its message committed, the usual case below a few hundred a
 * second) is one statement, which needs no transaction around it.
 */
export async function recordAttempts(db: Db, done: readonly Attempt[], baseMs: number): Promise<void> {
  if (done.length === 0) return;
  if (done.length === 1) {
    await recordAttempt(db, done[0], baseMs);
    return;
  }
  await db.transaction().execute(async (tx) => {
    for (const attempt of done) await recordAttempt(tx, attempt, baseMs);
  });
}

/** Delivered and given-up deliveries are kept this long (the admin page shows them), then deleted. */
export const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

/** Deletes the finished deliveries older than `KEEP_FINISHED_MS`; answers how many. */
export async function pruneFinished(db: Db, now: number): Promise<number> {
  const res = await db
    .deleteFrom("webhook_outbox")
    .where("next_attempt_at", "is", null)
    .where("created_at", "<", now - KEEP_FINISHED_MS)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** What the admin page shows of one delivery: the wire type (docs/API.md "Webhooks"). */
export type DeliveryView = WebhookDelivery;

export function presentDelivery(row: DeliveryRow): DeliveryView {
  const status = row.delivered_at !== null ? "delivered" : row.next_attempt_at !== null ? "pending" : "failed";
  const { id, mid, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at } = row;
  return { id, mid, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at };
}

/** A bot's newest deliveries, newest first. */
export async function latestDeliveries(db: Db, bot: Uid, limit: number): Promise<DeliveryView[]> {
  const rows = await db.selectFrom("webhook_outbox").selectAll().where("bot_uid", "=", bot).orderBy("id", "desc").limit(limit).execute();
  return rows.map(presentDelivery);
}

/** One of a bot's deliveries; undefined when the bot has none of that id. */
export function deliveryOf(db: Db, bot: Uid, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom("webhook_outbox").selectAll().where("id", "=", id).where("bot_uid", "=", bot).executeTakeFirst();
}

/**
 * Makes an undelivered delivery due now (one more attempt for a given-up one, past its window);
 * undefined when it was delivered meanwhile (a delivered one is never sent again).
 */
export function makeDueNow(db: Db, id: number): Promise<DeliveryRow | undefined> {
  return db
    .updateTable("webhook_outbox")
    .set({ next_attempt_at: Date.now() })
    .where("id", "=", id)
    .where("delivered_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}
