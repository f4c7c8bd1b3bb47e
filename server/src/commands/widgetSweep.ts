import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { deleteAccount } from "./accounts.js";

/** How often anonymous visitors are looked for: hourly (docs/API.md "Widget"). */
export const VISITOR_SWEEP_INTERVAL_MS = 3_600_000;
/** An anonymous visitor that never wrote goes after this long without activity: 7 days. */
export const VISITOR_IDLE_MS = 7 * 86_400_000;
/** Any anonymous visitor goes after this long without activity: 365 days (0 keeps them). */
export const VISITOR_RETENTION_MS = 365 * 86_400_000;
/** Visitors looked at per batch. */
const BATCH = 500;

/** When each of `uids` was last active: created or changed, a message of its conversation, a session renewed. */
async function lastActivity(ctx: AppContext, visitors: { uid: Uid; created_at: number; updated_at: number }[]): Promise<Map<Uid, { at: number; wrote: boolean }>> {
  const uids = visitors.map((v) => v.uid);
  const out = new Map(visitors.map((v) => [v.uid, { at: Math.max(Number(v.created_at), Number(v.updated_at)), wrote: false }]));
  const touch = (uid: Uid, at: number, wrote: boolean) => {
    const seen = out.get(uid);
    if (!seen) return;
    seen.at = Math.max(seen.at, at);
    seen.wrote ||= wrote;
  };
  const convs = await ctx.db
    .selectFrom("messages")
    .select((eb) => ["dm_low", "dm_high", eb.fn.max<number>("created_at").as("last")])
    .where((eb) => eb.or([eb("dm_low", "in", uids), eb("dm_high", "in", uids)]))
    .groupBy(["dm_low", "dm_high"])
    .execute();
  for (const c of convs) {
    touch(Number(c.dm_low), Number(c.last), true);
    touch(Number(c.dm_high), Number(c.last), true);
  }
  // A refresh token's expiry moves on each renewal: the widget renews when a visitor comes back.
  const ttl = ctx.tokens.refreshTtlS * 1000;
  const sessions = await ctx.db
    .selectFrom("refresh_tokens")
    .select((eb) => ["uid", eb.fn.max<number>("expires_at").as("until")])
    .where("uid", "in", uids)
    .groupBy("uid")
    .execute();
  for (const s of sessions) touch(Number(s.uid), Number(s.until) - ttl, false);
  return out;
}

/**
 * The visitor sweep (docs/API.md "Widget"): deletes anonymous widget visitors (no e-mail) that
 * never had a message and were inactive for `visitorIdleMs` (7 days), and any anonymous visitor
 * inactive for `visitorRetentionMs` (365 days; 0 keeps them), with the account cascade
 * (sessions, devices; the messages stay, as for any deleted account). Answers how many went.
 */
export async function sweepVisitors(ctx: AppContext, now = Date.now()): Promise<number> {
  const idle = ctx.config.visitorIdleMs ?? VISITOR_IDLE_MS;
  const retention = ctx.config.visitorRetentionMs ?? VISITOR_RETENTION_MS;
  const oldest = retention > 0 ? Math.min(idle, retention) : idle;
  let deleted = 0;
  let after = 0;
  for (;;) {
    const batch = await ctx.db
      .selectFrom("users")
      .select(["uid", "created_at", "updated_at"])
      .where("create_by", "=", "widget")
      .where("email", "is", null)
      .where("created_at", "<", now - oldest)
      .where("uid", ">", after)
      .orderBy("uid")
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return deleted;
    after = batch[batch.length - 1].uid;
    const activity = await lastActivity(ctx, batch);
    for (const { uid } of batch) {
      const { at, wrote } = activity.get(uid) ?? { at: now, wrote: true };
      const expired = (!wrote && at < now - idle) || (retention > 0 && at < now - retention);
      if (!expired) continue;
      try {
        await deleteAccount(ctx, uid);
        deleted++;
      } catch (err) {
        // Another node swept it first.
        if (!(err instanceof HttpError && err.status === 404)) throw err;
      }
    }
  }
}
