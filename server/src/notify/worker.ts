import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { NOTIFICATION_PATHS } from "./paths.js";
import { notificationFor, loadFacts } from "./pending.js";
import { claimDue, claimPendingOf, pendingOutbox, expandInto, pruneFinished, recordOutcomes, type NewWork, type QueueRow, type RowOutcome } from "./queue.js";
import { hasRead, readIndexes, recipientsOf, type AudienceCache } from "./rule.js";
import { refreshNotifySettings, type NotifySettings } from "./settings.js";
import type { NotificationPath, PathOutcome } from "./types.js";

/**
 * THE NOTIFICATION WORKER: one pass of the `notify` job (`ctx.jobs.notify`, a `PeriodicJob`), so
 * in a cluster one node sends at a time, the holder of the lease `job:notifications`. Every
 * `notifyPollMs` (1 s) and when a commit woke it, a pass:
 * 1. expands new messages (`notify_outbox`) into per-recipient, per-path work (`notify_queue`)
 *    with the rule's first half (`rule.ts`): Web Push, FCM and the user's channels due
 *    `notifyPushDelayMs` (3 s) after the message, the e-mail digest after the admin's delay;
 * 2. fires what is due: drops what the recipient has read meanwhile (`read`) or whose message
 *    is gone (`skipped`), hands the rest to each path, one batch per recipient, and records
 *    each outcome (`sent` and `skipped` are final, `failed` is retried with backoff for 24 h).
 * A node that dies mid-pass leaves its claims to run out (a minute); a path that sent but did
 * not record may send once more then (at least once, never lost).
 */
const OUTBOX_BATCH = 200;
const QUEUE_BATCH = 500;
/** Recipients served at once (each may be an HTTPS request or an SMTP session). */
const CONCURRENCY = 16;
/** Most batches per pass, so a pass ends and the lease is renewed; the next tick goes on. */
const MAX_BATCHES = 20;
export const DEFAULT_NOTIFY_POLL_MS = 1_000;
export const DEFAULT_PUSH_DELAY_MS = 3_000;
const RETRY_BASE_MS = 10_000;
const PRUNE_EVERY_MS = 3_600_000;
const prunedAt = new WeakMap<AppContext, number>();

async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const delayOf = (ctx: AppContext, path: NotificationPath, settings: NotifySettings): number =>
  path.name === "email" ? settings.emailDelayMs : (ctx.config.notifyPushDelayMs ?? DEFAULT_PUSH_DELAY_MS);

/** Uids per reach query (the `IN` list stays far below both dialects' parameter limits). */
const REACH_CHUNK = 1_000;

/** Which of `uids` `path` could reach, asked in chunks; null: all (the path has no prefilter). */
async function reachOf(ctx: AppContext, path: NotificationPath, uids: readonly Uid[]): Promise<ReadonlySet<Uid> | null> {
  if (!path.recipients) return null;
  const out = new Set<Uid>();
  for (let i = 0; i < uids.length; i += REACH_CHUNK) for (const uid of await path.recipients(ctx, uids.slice(i, i + REACH_CHUNK))) out.add(uid);
  return out;
}

/**
 * Step 1: new messages → work. The rule's first half runs per message; each path's reach is
 * asked once for the batch's recipients together (a busy server expands 200 messages with one
 * reach query per path, not 50). Answers how many messages were expanded.
 */
export async function expandNew(ctx: AppContext, settings: NotifySettings, paths: readonly NotificationPath[]): Promise<number> {
  const now = Date.now();
  const claimed = await pendingOutbox(ctx.db, OUTBOX_BATCH);
  if (claimed.length === 0) return 0;
  const rows = await ctx.db.selectFrom("messages").selectAll().where("mid", "in", claimed.map((c) => c.mid)).execute();
  const told: { row: (typeof rows)[number]; uids: Uid[] }[] = [];
  const audiences: AudienceCache = new Map();
  for (const row of rows) {
    const { uids } = await recipientsOf(ctx.db, row, now, audiences);
    if (uids.length > 0) told.push({ row, uids });
  }
  const everyone = [...new Set(told.flatMap((t) => t.uids))];
  const work: NewWork[] = [];
  for (const path of paths) {
    const reach = everyone.length > 0 ? await reachOf(ctx, path, everyone) : new Set<Uid>();
    if (reach?.size === 0) continue;
    for (const { row, uids } of told) {
      const due = row.created_at + delayOf(ctx, path, settings);
      for (const uid of uids) if (!reach || reach.has(uid)) work.push({ uid, mid: row.mid, path: path.name, due_at: due });
    }
  }
  await expandInto(ctx.db, claimed.map((c) => c.id), work, now);
  return claimed.length;
}

/** Step 2: due work → the paths. Answers how many rows were finished or retried. */
export async function fireDue(ctx: AppContext, settings: NotifySettings, paths: readonly NotificationPath[]): Promise<number> {
  const now = Date.now();
  let rows = await claimDue(ctx.db, now, QUEUE_BATCH);
  if (rows.length === 0) return 0;
  const byName = new Map(paths.map((p) => [p.name as string, p]));
  // A digest covers the user's later pending notifications of its path too.
  for (const path of paths.filter((p) => p.digest)) {
    const uids = [...new Set(rows.filter((r) => r.path === path.name).map((r) => r.uid))];
    rows = rows.concat(await claimPendingOf(ctx.db, path.name, uids, now));
  }
  const facts = await loadFacts(ctx.db, rows.map((r) => r.mid), settings);
  const reads = await readIndexes(ctx.db, rows.map((r) => r.uid), [...facts.values()].map((f) => f.row));
  // An account deleted or frozen since the message is told nothing (its browsers may still be subscribed).
  const uids = [...new Set(rows.map((r) => r.uid))];
  const active = new Set((await ctx.db.selectFrom("users").select("uid").where("uid", "in", uids).where("status", "=", "normal").execute()).map((u) => u.uid));
  const done: { row: QueueRow; outcome: RowOutcome }[] = [];
  const groups = new Map<string, QueueRow[]>();
  for (const row of rows) {
    const fact = facts.get(row.mid);
    const path = byName.get(row.path);
    if (!fact || !path || !active.has(row.uid)) done.push({ row, outcome: "skipped" });
    else if (hasRead(reads, row.uid, fact.row)) done.push({ row, outcome: "read" });
    else {
      const key = `${row.path}\u0000${row.uid}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
  }
  let bug: unknown = null;
  await eachBounded([...groups.values()], CONCURRENCY, async (group) => {
    group.sort((a, b) => a.mid - b.mid);
    const path = byName.get(group[0].path) as NotificationPath;
    const uid: Uid = group[0].uid;
    const batch = group.map((r) => notificationFor(uid, facts.get(r.mid)!, settings));
    let outcomes: PathOutcome[];
    try {
      outcomes = await path.deliver(ctx, uid, batch);
    } catch (err) {
      // A path's bug: retried like a failure, and reported (the job logs what a pass throws).
      bug ??= err;
      outcomes = group.map(() => "failed");
    }
    group.forEach((row, i) => done.push({ row, outcome: outcomes[i] ?? "failed" }));
  });
  await recordOutcomes(ctx.db, done, Date.now(), RETRY_BASE_MS);
  if (bug) throw bug;
  return rows.length;
}

/** One pass of the `notify` job. */
export async function runNotifications(ctx: AppContext): Promise<number> {
  const now = Date.now();
  if (now - (prunedAt.get(ctx) ?? 0) >= PRUNE_EVERY_MS) {
    prunedAt.set(ctx, now);
    await pruneFinished(ctx.db, now);
  }
  const settings = await refreshNotifySettings(ctx);
  const paths = NOTIFICATION_PATHS.filter((p) => p.name !== "email" || settings.emailDigest);
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const expanded = await expandNew(ctx, settings, paths);
    // Firing uses every path: e-mail work queued before the admin turned digests off is skipped by the path.
    const fired = await fireDue(ctx, settings, NOTIFICATION_PATHS);
    total += expanded + fired;
    if (expanded < OUTBOX_BATCH && fired < QUEUE_BATCH) break;
  }
  return total;
}
