import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { conflict, notFound } from "../http/errors.js";
import { deliveryOf, latestDeliveries, makeDueNow, presentDelivery, type DeliveryView } from "../webhooks/outbox.js";
import { rotateSecret, secretOf } from "../webhooks/secrets.js";
import { recordAudit, type AuditActor } from "./audit.js";

/**
 * A bot's webhook, as admins manage it (docs/API.md "Webhooks"): its signing secret and its
 * latest deliveries. The outbox and the signing are the webhook service's (`webhooks/`); these
 * commands add who and what may be asked, the audit entry and the worker's wake.
 */

/** 404 unless `uid` is a bot (a deleted bot's deliveries are gone from view with it). */
async function loadBot(ctx: AppContext, uid: Uid): Promise<void> {
  const user = await ctx.repos.users.byId(uid);
  if (!user || user.is_bot !== 1) throw notFound("no such bot");
}

/** `GET /admin/user/bot-webhook-secret/{uid}`: the bot's secret, made now if it has none yet. */
export async function webhookSecretOf(ctx: AppContext, uid: Uid): Promise<string> {
  await loadBot(ctx, uid);
  return secretOf(ctx.db, uid);
}

/**
 * `POST /admin/user/bot-webhook-secret/{uid}`: a new secret signs every attempt from now on. The
 * secret and its audit entry (which never holds the secret) are written together.
 */
export async function rotateWebhookSecret(ctx: AppContext, uid: Uid, actor: AuditActor): Promise<string> {
  await loadBot(ctx, uid);
  return ctx.db.transaction().execute(async (tx) => {
    const secret = await rotateSecret(tx, uid);
    await recordAudit(tx, actor, { action: "user.bot_webhook_secret_rotated", target_uid: uid });
    return secret;
  });
}

/** `GET /admin/user/bot-webhook-deliveries/{uid}?limit=`: the newest deliveries, newest first. */
export async function listWebhookDeliveries(ctx: AppContext, uid: Uid, limit: number): Promise<DeliveryView[]> {
  await loadBot(ctx, uid);
  return latestDeliveries(ctx.db, uid, limit);
}

/**
 * `POST /admin/user/bot-webhook-deliveries/{uid}/{id}/retry`: a pending or given-up delivery is
 * due now and the worker woken. 404 unknown for this bot, 409 `{reason: "delivered"}` already
 * delivered (never sent twice), also when it was delivered between the read and the update.
 */
export async function retryWebhookDelivery(ctx: AppContext, uid: Uid, id: number): Promise<DeliveryView> {
  await loadBot(ctx, uid);
  const row = await deliveryOf(ctx.db, uid, id);
  if (!row) throw notFound("no such delivery");
  const due = row.delivered_at === null ? await makeDueNow(ctx.db, id) : undefined;
  if (!due) throw conflict({ reason: "delivered" });
  ctx.jobs.webhooks.wake();
  return presentDelivery(due);
}
