import type { PushSubscriptionInfo, Uid } from "@parley/protocol";
import type { Selectable } from "kysely";
import type { Db } from "../../db/index.js";
import type { PushSubscriptionsTable } from "../../db/schema.js";

/** The browsers' push subscriptions (table `push_subscriptions`): reads and writes. */
export type SubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Most subscriptions one account keeps; registering one more drops its oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export const subscriptionsOf = (db: Db, uid: Uid): Promise<SubscriptionRow[]> =>
  db.selectFrom("push_subscriptions").selectAll().where("uid", "=", uid).orderBy("id").execute();

/**
 * A subscription is used only while the device that registered it is signed in: a browser
 * signed out (`/token/logout`, a device removed by its owner or an admin, a frozen account)
 * hears nothing more of the account, even when it did not unsubscribe. One without a device
 * (registered by a bot key, say) is always live.
 */
const live = (db: Db) =>
  db
    .selectFrom("push_subscriptions as p")
    .where(({ or, eb, exists, selectFrom }) =>
      or([eb("p.device", "is", null), exists(selectFrom("devices as d").select("d.uid").whereRef("d.uid", "=", "p.uid").whereRef("d.device", "=", "p.device"))]),
    );

/** `uid`'s live subscriptions, oldest first. */
export const liveSubscriptionsOf = (db: Db, uid: Uid): Promise<SubscriptionRow[]> => live(db).selectAll("p").where("p.uid", "=", uid).orderBy("p.id").execute();

/** Which of `uids` have at least one live subscription. */
export async function subscribed(db: Db, uids: readonly Uid[]): Promise<Set<Uid>> {
  if (uids.length === 0) return new Set();
  const rows = await live(db).select("p.uid").distinct().where("p.uid", "in", [...uids]).execute();
  return new Set(rows.map((r) => r.uid));
}

/**
 * Stores a subscription for `uid`; an endpoint already known (the same browser subscribing
 * again, or now signed in as someone else) is taken over with its new keys. Answers its id.
 */
export async function saveSubscription(db: Db, uid: Uid, sub: { endpoint: string; p256dh: string; auth: string; device: string | null }): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const now = Date.now();
    const row = await tx
      .insertInto("push_subscriptions")
      .values({ uid, ...sub, created_at: now })
      .onConflict((oc) => oc.column("endpoint").doUpdateSet({ uid, p256dh: sub.p256dh, auth: sub.auth, device: sub.device, created_at: now }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const mine = await tx.selectFrom("push_subscriptions").select("id").where("uid", "=", uid).orderBy("id", "desc").execute();
    const extra = mine.slice(MAX_SUBSCRIPTIONS_PER_USER).map((r) => r.id);
    if (extra.length > 0) await tx.deleteFrom("push_subscriptions").where("id", "in", extra).execute();
    return row.id;
  });
}

/** Deletes `uid`'s subscription of `endpoint`; answers whether there was one. */
export async function deleteSubscription(db: Db, uid: Uid, endpoint: string): Promise<boolean> {
  const res = await db.deleteFrom("push_subscriptions").where("uid", "=", uid).where("endpoint", "=", endpoint).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** A subscription the push service says is gone (404, 410). */
export const dropSubscription = (db: Db, id: number) => db.deleteFrom("push_subscriptions").where("id", "=", id).execute();

/** What the owner sees of a subscription: where it goes, never its keys. */
export function presentSubscription(row: SubscriptionRow): PushSubscriptionInfo {
  return { id: row.id, endpoint_origin: new URL(row.endpoint).origin, device: row.device, created_at: row.created_at };
}
