import { claimsOf, type Guards } from "../../auth/guard.js";
import { listSubscriptions, subscribe, unsubscribe, vapidPublicKey } from "../../commands/push.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { subscribeBody, unsubscribeBody } from "./schema.js";

/**
 * `/user/push/*` (Parley extension, docs/API.md "Web Push"): the browser's push subscriptions.
 * Members only (a guest is never notified); every route acts on the caller's own subscriptions.
 */
export function pushRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/user/push/vapid_public_key", { preValidation: guards.member }, async (_req, reply) => sendJson(reply, await vapidPublicKey(ctx)));

  app.post("/user/push/subscriptions", { preValidation: guards.member, schema: { body: subscribeBody } }, async (req, reply) =>
    sendJson(reply, await subscribe(ctx, claimsOf(req), req.body)),
  );

  app.delete("/user/push/subscriptions", { preValidation: guards.member, schema: { body: unsubscribeBody } }, answerEmpty((req) => unsubscribe(ctx, claimsOf(req), req.body.endpoint)));

  app.get("/user/push/subscriptions", { preValidation: guards.member }, async (req, reply) => sendJson(reply, await listSubscriptions(ctx, claimsOf(req))));
}
