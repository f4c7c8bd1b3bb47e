import * as z from "zod";
import type { Uid } from "@parley/protocol";
import type { Guards } from "../auth/guard.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { sendJson } from "../http/reply.js";
import type { ZodApp } from "../http/validate.js";
import { idParam, pageLimitParam, uidParams } from "../routes/shared.js";
import { latestDeliveries, retryDelivery } from "./outbox.js";
import { rotateSecret, secretOf } from "./secrets.js";

const deliveryParams = z.object({ uid: idParam, id: idParam });
const deliveriesQuery = z.object({ limit: pageLimitParam(200, 50) });

/** 404 unless `uid` is a bot (a deleted bot's deliveries are gone from view with it). */
async function loadBot(ctx: AppContext, uid: Uid): Promise<void> {
  const user = await ctx.repos.users.byId(uid);
  if (!user || user.is_bot !== 1) throw notFound("no such bot");
}

/**
 * Parley extensions for a bot's webhook (docs/API.md "Webhooks"), every one `T+admin`: its
 * signing secret (read, rotate) and its latest deliveries (see, retry one by hand).
 */
export function webhookRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/user/bot-webhook-secret/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) => {
    await loadBot(ctx, req.params.uid);
    return sendJson(reply, { secret: await secretOf(ctx.db, req.params.uid) });
  });

  app.post("/admin/user/bot-webhook-secret/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) => {
    await loadBot(ctx, req.params.uid);
    return sendJson(reply, { secret: await rotateSecret(ctx.db, req.params.uid) });
  });

  app.get(
    "/admin/user/bot-webhook-deliveries/:uid",
    { preValidation: guards.admin, schema: { params: uidParams, querystring: deliveriesQuery } },
    async (req, reply) => {
      await loadBot(ctx, req.params.uid);
      return sendJson(reply, await latestDeliveries(ctx.db, req.params.uid, req.query.limit));
    },
  );

  app.post("/admin/user/bot-webhook-deliveries/:uid/:id/retry", { preValidation: guards.admin, schema: { params: deliveryParams } }, async (req, reply) => {
    await loadBot(ctx, req.params.uid);
    const delivery = await retryDelivery(ctx.db, req.params.uid, req.params.id);
    ctx.jobs.webhooks.wake();
    return sendJson(reply, delivery);
  });
}
