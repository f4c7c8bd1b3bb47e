import type { PushSubscriptionInfo, PushSubscriptionRequest } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { deleteSubscription, presentSubscription, saveSubscription, subscriptionsOf } from "../notify/webpush/subscriptions.js";
import { vapidKeys } from "../notify/webpush/vapid.js";

/**
 * Web Push subscriptions (docs/API.md "Web Push"): a browser registers the `PushSubscription`
 * its service worker got with the server's VAPID public key, and removes it on sign-out.
 */

/** `GET /user/push/vapid_public_key`. */
export async function vapidPublicKey(ctx: AppContext): Promise<{ public_key: string }> {
  return { public_key: (await vapidKeys(ctx)).publicKey };
}

/** The decoded length of a base64url string, or -1 when it is not one. */
function base64urlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return -1;
  return Buffer.from(value.replace(/=+$/, ""), "base64url").length;
}

/**
 * An endpoint a push service could have given: https (plain http only where private addresses
 * are allowed, `PREVIEW_ALLOW_PRIVATE`: tests and intranets), no credentials, no fragment.
 */
function checkEndpoint(ctx: AppContext, endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest("endpoint: not a URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && ctx.config.previewAllowPrivate)) throw badRequest("endpoint: must be https");
  if (url.username || url.password) throw badRequest("endpoint: no credentials in the URL");
  if (url.hash) throw badRequest("endpoint: no fragment");
}

/** `POST /user/push/subscriptions`: bots are never notified (403); answers the subscription's id. */
export async function subscribe(ctx: AppContext, actor: TokenClaims, body: PushSubscriptionRequest): Promise<{ id: number }> {
  const user = await ctx.repos.users.byId(actor.uid);
  if (!user || user.is_bot === 1) throw forbidden("bots get no notifications");
  checkEndpoint(ctx, body.endpoint);
  // P-256 public key, uncompressed (65 bytes); the auth secret is 16 bytes (RFC 8291).
  if (base64urlBytes(body.keys.p256dh) !== 65) throw badRequest("keys.p256dh: expected a base64url P-256 public key (65 bytes)");
  if (base64urlBytes(body.keys.auth) !== 16) throw badRequest("keys.auth: expected a base64url 16-byte secret");
  const id = await saveSubscription(ctx.db, actor.uid, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device: body.device ?? actor.device });
  return { id };
}

/** `DELETE /user/push/subscriptions`: 404 when the caller has no subscription of that endpoint. */
export async function unsubscribe(ctx: AppContext, actor: TokenClaims, endpoint: string): Promise<void> {
  if (!(await deleteSubscription(ctx.db, actor.uid, endpoint))) throw notFound("no such subscription");
}

/** `GET /user/push/subscriptions`: the caller's subscriptions, oldest first, without their keys. */
export async function listSubscriptions(ctx: AppContext, actor: TokenClaims): Promise<PushSubscriptionInfo[]> {
  return (await subscriptionsOf(ctx.db, actor.uid)).map(presentSubscription);
}
