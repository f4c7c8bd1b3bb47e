/** Web Push (Parley extension, docs/API.md "Web Push"): what a browser registers and reads back. */

/** `GET /api/user/push/vapid_public_key`: the server's VAPID public key (base64url), the `applicationServerKey`. */
export interface VapidPublicKey {
  public_key: string;
}

/** `POST /api/user/push/subscriptions`: a `PushSubscription.toJSON()`, and optionally the device it is on. */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  device?: string | null;
}

/** `GET /api/user/push/subscriptions`: one of the caller's subscriptions, never its keys. */
export interface PushSubscriptionInfo {
  id: number;
  /** The push service's origin (`https://fcm.googleapis.com`), not the whole endpoint. */
  endpoint_origin: string;
  device: string | null;
  created_at: number;
}

/** What the service worker receives in a push message (JSON), docs/NOTIFICATIONS.md "Web Push". */
export interface PushPayload {
  title: string;
  body: string;
  /** The conversation in the web client. */
  url: string;
  /** One notification per conversation: a newer one replaces it. */
  tag: string;
  mid: number;
}
