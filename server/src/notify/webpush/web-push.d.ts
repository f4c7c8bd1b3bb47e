/** The part of `web-push` (no bundled types) this server uses: VAPID keys and request details. */
declare module "web-push" {
  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: "very-low" | "low" | "normal" | "high";
    topic?: string;
    contentEncoding?: "aes128gcm" | "aesgcm";
  }
  export interface RequestDetails {
    method: "POST";
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string };
  /** RFC 8291 encryption; for `aes128gcm` the cipher text carries its header (salt, record size, key id). */
  export function encrypt(p256dh: string, auth: string, payload: string | Buffer, contentEncoding: "aes128gcm"): { localPublicKey: Buffer; salt: string; cipherText: Buffer };
  /** The VAPID `Authorization` header (RFC 8292) for `audience` (an origin); `expiration` in Unix seconds. */
  export function getVapidHeaders(audience: string, subject: string, publicKey: string, privateKey: string, contentEncoding: "aes128gcm", expiration?: number): { Authorization: string };
  export function generateRequestDetails(subscription: PushSubscription, payload: string | Buffer | null, options: RequestOptions): RequestDetails;
  const webpush: { generateVAPIDKeys: typeof generateVAPIDKeys; generateRequestDetails: typeof generateRequestDetails; encrypt: typeof encrypt; getVapidHeaders: typeof getVapidHeaders };
  export default webpush;
}
