import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { claimDue, pruneFinished, recordAttempts, type Attempt, type DeliveryRow } from "./outbox.js";
import { secretOf, signatureHeaders } from "./secrets.js";
import { outboundOptions, postJson } from "./send.js";

/**
 * THE WEBHOOK WORKER: one pass of the `webhooks` job (`ctx.jobs.webhooks`, a `PeriodicJob`), so
 * in a cluster one node sends at a time, the holder of its lease (docs/CLUSTER.md "Job leases").
 * It runs every `webhookPollMs` (2 s) and at once when a commit on this node queued a delivery
 * (`wake`); a delivery queued on a node without the lease waits for the holder's next tick.
 *
 * A pass claims due deliveries in batches (`claimDue`), sends at most `CONCURRENCY` at a time,
 * and records a batch's attempts in one transaction (`recordAttempts`): a 2xx is final,
 * anything else (another status, a refused address, a timeout, no URL any more) is retried with
 * exponential backoff for 24 hours (`nextAttemptAt`). A node that dies mid-pass leaves its
 * claimed deliveries due again within a minute, so a delivery is sent at least once: receivers
 * deduplicate by `X-Parley-Delivery`.
 */
const BATCH = 64;
const CONCURRENCY = 8;
/** Most batches per pass, so a pass ends and the lease is renewed; the next tick goes on. */
const MAX_BATCHES = 20;
/** One attempt, connection to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRY_BASE_MS = 10_000;
export const DEFAULT_POLL_MS = 2_000;
export const DELIVERY_HEADER = "x-parley-delivery";

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The bots' current webhook URLs and secrets, read together (one query per batch); a secret is
 * made now for a bot with a URL and none yet.
 */
async function targetsOf(ctx: AppContext, rows: readonly DeliveryRow[]): Promise<Map<Uid, { url: string | null; secret: string }>> {
  const uids = [...new Set(rows.map((r) => r.bot_uid))];
  const users = await ctx.db
    .selectFrom("users")
    .leftJoin("webhook_secrets", "webhook_secrets.uid", "users.uid")
    .select(["users.uid", "users.webhook_url", "users.is_bot", "webhook_secrets.secret"])
    .where("users.uid", "in", uids)
    .execute();
  const out = new Map<Uid, { url: string | null; secret: string }>();
  for (const uid of uids) {
    const user = users.find((u) => u.uid === uid);
    const url = user?.is_bot === 1 ? user.webhook_url : null;
    // Without a URL the attempt fails before anything is signed.
    out.set(uid, { url, secret: url === null ? "" : (user?.secret ?? (await secretOf(ctx.db, uid))) });
  }
  return out;
}

async function attempt(ctx: AppContext, row: DeliveryRow, target: { url: string | null; secret: string } | undefined): Promise<Attempt> {
  if (!target?.url) return { row, result: { status: null, error: "the bot has no webhook URL" }, at: Date.now() };
  const headers = { ...signatureHeaders(target.secret, row.payload), [DELIVERY_HEADER]: String(row.id) };
  try {
    const status = await postJson(target.url, row.payload, headers, outboundOptions(ctx.config.previewAllowPrivate, DELIVERY_TIMEOUT_MS));
    return { row, result: { status, error: null }, at: Date.now() };
  } catch (err) {
    // The error's message only: never the headers, which carry the signature.
    return { row, result: { status: null, error: err instanceof Error ? err.message : "request failed" }, at: Date.now() };
  }
}

/** How often a pass also deletes old finished deliveries (`pruneFinished`). */
const PRUNE_EVERY_MS = 3_600_000;
/** When each server (context) last pruned. */
const prunedAt = new WeakMap<AppContext, number>();

/** One pass: sends every delivery due now (up to `MAX_BATCHES` batches). Answers how many were attempted. */
export async function deliverDueWebhooks(ctx: AppContext): Promise<number> {
  const now = Date.now();
  if (now - (prunedAt.get(ctx) ?? 0) >= PRUNE_EVERY_MS) {
    prunedAt.set(ctx, now);
    await pruneFinished(ctx.db, now);
  }
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await claimDue(ctx.db, Date.now(), BATCH);
    if (rows.length === 0) break;
    const targets = await targetsOf(ctx, rows);
    const done: Attempt[] = [];
    await eachBounded(rows, CONCURRENCY, async (row) => {
      done.push(await attempt(ctx, row, targets.get(row.bot_uid)));
    });
    await recordAttempts(ctx.db, done, ctx.config.webhookRetryBaseMs ?? DEFAULT_RETRY_BASE_MS);
    total += rows.length;
    if (rows.length < BATCH) break;
  }
  return total;
}
