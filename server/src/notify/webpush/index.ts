import type { PushPayload, Uid } from "@parley/protocol";
import type { AppContext } from "../../context.js";
import { outboundOptions } from "../../webhooks/send.js";
import { pushTexts } from "../../mail/templates.js";
import { loadNotifySettings } from "../settings.js";
import type { NotificationPath, PathOutcome, PendingNotification } from "../types.js";
import { postPush } from "./send.js";
import { dropSubscription, liveSubscriptionsOf, subscribed, type SubscriptionRow } from "./subscriptions.js";
import { loadWebPush, vapidKeys, vapidSubject } from "./vapid.js";

/**
 * WEB PUSH (docs/NOTIFICATIONS.md "Web Push"): the standard protocol, no relay. For each of the
 * recipient's browser subscriptions one `aes128gcm` message (RFC 8291) signed with the server's
 * VAPID key (RFC 8292), encrypted by `web-push` and sent through the SSRF guard (`send.ts`). A batch
 * sends the newest notification of each conversation (the service worker shows one per
 * conversation, `tag`); the older ones are covered by it. 404/410 from the push service drop
 * the subscription; 2xx on any subscription is `sent`; no subscription left is `skipped`;
 * anything else (429, 5xx, no answer) is `failed` and retried.
 */
export const PUSH_TTL_S = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

export const tagOf = (n: Pick<PendingNotification, "target">): string => ("gid" in n.target ? `parley-g${n.target.gid}` : `parley-u${n.target.uid}`);

/** The JSON the service worker reads. */
export function pushPayload(n: PendingNotification, language: string | null): PushPayload {
  const t = pushTexts(language);
  const body = n.preview ?? (n.kind === "file" ? t.file : t.newMessage);
  return {
    title: "gid" in n.target ? `${n.sender_name} (#${n.conversation_name})` : n.sender_name,
    body,
    url: n.url,
    tag: tagOf(n),
    mid: n.mid,
  };
}

type Result = "sent" | "gone" | "failed";

/** VAPID `Authorization` headers per push service origin: a JWT valid 12 h, signed again after an hour (not once per push). */
const VAPID_JWT_S = 12 * 3600;
const VAPID_REUSE_MS = 3_600_000;
const vapidHeaders = new Map<string, { value: string; until: number }>();

async function authorizationFor(ctx: AppContext, audience: string, subject: string): Promise<string> {
  const keys = await vapidKeys(ctx);
  const key = `${audience} ${subject} ${keys.publicKey}`;
  const now = Date.now();
  const cached = vapidHeaders.get(key);
  if (cached && cached.until > now) return cached.value;
  const { getVapidHeaders } = await loadWebPush();
  const value = getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, "aes128gcm", Math.floor(now / 1000) + VAPID_JWT_S).Authorization;
  if (vapidHeaders.size > 1_000) vapidHeaders.clear();
  vapidHeaders.set(key, { value, until: now + VAPID_REUSE_MS });
  return value;
}

async function sendOne(ctx: AppContext, sub: SubscriptionRow, payload: PushPayload, urgent: boolean, subject: string): Promise<Result> {
  const { encrypt } = await loadWebPush();
  try {
    // A fresh ephemeral key and salt per message (RFC 8291), inside `encrypt`.
    const { cipherText } = encrypt(sub.p256dh, sub.auth, JSON.stringify(payload), "aes128gcm");
    const headers = {
      ttl: PUSH_TTL_S,
      urgency: urgent ? "high" : "normal",
      "content-type": "application/octet-stream",
      "content-encoding": "aes128gcm",
      "content-length": cipherText.length,
      authorization: await authorizationFor(ctx, new URL(sub.endpoint).origin, subject),
    };
    const status = await postPush(sub.endpoint, headers, cipherText, outboundOptions(ctx.config.previewAllowPrivate, PUSH_TIMEOUT_MS));
    if (status >= 200 && status < 300) return "sent";
    // The browser unsubscribed or the subscription expired: it will never work again.
    if (status === 404 || status === 410) return "gone";
    return "failed";
  } catch {
    // Unreachable, refused by the SSRF guard, timed out, or keys the encryption rejects.
    return "failed";
  }
}

async function deliver(ctx: AppContext, uid: Uid, batch: readonly PendingNotification[]): Promise<PathOutcome[]> {
  const subs = await liveSubscriptionsOf(ctx.db, uid);
  if (subs.length === 0) return batch.map(() => "skipped");
  const [settings, user] = await Promise.all([loadNotifySettings(ctx), ctx.db.selectFrom("users").select("language").where("uid", "=", uid).executeTakeFirst()]);
  const subject = vapidSubject(settings.frontendUrl);
  // The newest notification of each conversation stands for the batch's others there.
  const newest = new Map<string, PendingNotification>();
  for (const n of batch) newest.set(tagOf(n), n);
  let sent = false;
  let failed = false;
  const gone = new Set<number>();
  for (const n of newest.values()) {
    const payload = pushPayload(n, user?.language ?? null);
    const urgent = n.mentioned || "uid" in n.target;
    for (const sub of subs) {
      if (gone.has(sub.id)) continue;
      const result = await sendOne(ctx, sub, payload, urgent, subject);
      if (result === "sent") sent = true;
      else if (result === "failed") failed = true;
      else gone.add(sub.id);
    }
  }
  for (const id of gone) await dropSubscription(ctx.db, id);
  const outcome: PathOutcome = sent ? "sent" : failed ? "failed" : "skipped";
  return batch.map(() => outcome);
}

export const webPushPath: NotificationPath = {
  name: "webpush",
  deliver,
  recipients: (ctx, uids) => subscribed(ctx.db, uids),
};
