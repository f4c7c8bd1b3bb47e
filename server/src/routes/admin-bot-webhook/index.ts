import type { Guards } from "../../auth/guard.js";
import { listWebhookDeliveries, retryWebhookDelivery, rotateWebhookSecret, webhookSecretOf } from "../../commands/botWebhooks.js";
import type { AppContext } from "../../context.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf, uidParams } from "../shared.js";
import { deliveriesQuery, deliveryParams } from "./schema.js";

/**
 * Parley extensions for a bot's webhook (docs/API.md "Webhooks"), every one `T+admin`: its
 * signing secret (read, rotate: audited) and its latest deliveries (see, retry one by hand).
 * The outbox and the worker that sends it are the webhook service's (server/src/webhooks/).
 */
export function adminBotWebhookRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/user/bot-webhook-secret/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) =>
    sendJson(reply, { secret: await webhookSecretOf(ctx, req.params.uid) }),
  );

  app.post("/admin/user/bot-webhook-secret/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) =>
    sendJson(reply, { secret: await rotateWebhookSecret(ctx, req.params.uid, auditActorOf(req)) }),
  );

  app.get("/admin/user/bot-webhook-deliveries/:uid", { preValidation: guards.admin, schema: { params: uidParams, querystring: deliveriesQuery } }, async (req, reply) =>
    sendJson(reply, await listWebhookDeliveries(ctx, req.params.uid, req.query.limit)),
  );

  app.post("/admin/user/bot-webhook-deliveries/:uid/:id/retry", { preValidation: guards.admin, schema: { params: deliveryParams } }, async (req, reply) =>
    sendJson(reply, await retryWebhookDelivery(ctx, req.params.uid, req.params.id)),
  );
}
