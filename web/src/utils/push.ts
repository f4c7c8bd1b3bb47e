/**
 * Web Push on this browser (docs/API.md "Web Push (addition)"): the service worker that `pwa.ts`
 * registers imports `/push-sw.js`, which shows the pushes; here the app subscribes that worker's
 * `pushManager` with the server's VAPID key and hands the subscription to the server. Failures are
 * the spec's push error names (`PushErrorCode`), shown as words under `notify.push_error.*`.
 */

export const PUSH_ERROR_CODES = [
  "permission-blocked",
  "unsupported-browser",
  "indexed-db-unsupported",
  "token-subscribe-failed",
  "token-subscribe-no-token",
  "token-unsubscribe-failed",
  "token-update-failed",
  "token-update-no-token",
  "failed-service-worker-registration",
  "missing-app-config-values",
  "invalid-sw-registration",
] as const;
export type PushErrorCode = (typeof PUSH_ERROR_CODES)[number];

export class PushError extends Error {
  constructor(
    readonly code: PushErrorCode,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}

/** The code of anything thrown on the push path (an unknown failure is a failed subscribe). */
export const pushErrorCode = (err: unknown): PushErrorCode => (err instanceof PushError ? err.code : "token-subscribe-failed");

/** Whether this browser can take Web Push at all (a secure context with service workers, PushManager and Notification). */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * The service worker's registration: the one `pwa.ts` registered (production builds), else
 * `/sw.js` registered here. Waits until it is active, since a push subscription needs one.
 */
async function registration(): Promise<ServiceWorkerRegistration> {
  let reg: ServiceWorkerRegistration | undefined;
  try {
    reg = (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
  } catch (err) {
    throw new PushError("failed-service-worker-registration", err);
  }
  if (!reg) throw new PushError("invalid-sw-registration");
  const ready = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
  if (!ready?.pushManager) throw new PushError("invalid-sw-registration");
  return ready;
}

/** This browser's current subscription, if any (no prompt, no registration of a worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/").catch(() => undefined);
  return (await reg?.pushManager?.getSubscription().catch(() => null)) ?? null;
}

export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for permission (the caller is a click), subscribes the worker with `vapidKey` and returns
 * the subscription as the server takes it. A subscription made with another key is replaced.
 */
export async function subscribePush(vapidKey: string | undefined): Promise<SubscriptionJson> {
  if (!pushSupported()) throw new PushError("unsupported-browser");
  if (typeof indexedDB === "undefined") throw new PushError("indexed-db-unsupported");
  if (!vapidKey) throw new PushError("missing-app-config-values");
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") throw new PushError("permission-blocked");
  const reg = await registration();
  const key = applicationServerKey(vapidKey);
  let sub: PushSubscription | null;
  try {
    sub = await reg.pushManager.getSubscription();
    const oldKey = sub?.options.applicationServerKey;
    if (sub && oldKey && !sameBytes(new Uint8Array(oldKey), key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    if (err instanceof DOMException && err.name === "NotAllowedError") throw new PushError("permission-blocked", err);
    throw new PushError("token-subscribe-failed", err);
  }
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushError("token-subscribe-no-token");
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Drops this browser's subscription; returns its endpoint (for the server to forget), or null when there was none. */
export async function unsubscribePush(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  try {
    await sub.unsubscribe();
  } catch (err) {
    throw new PushError("token-unsubscribe-failed", err);
  }
  return sub.endpoint;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * On sign-out: the server forgets this browser's subscription (`remove`, with the session still
 * valid) and the browser drops it, so the next person on this browser gets no one else's
 * messages. Bounded, so signing out never waits on a slow push service.
 */
export async function forgetPushOnLogout(remove: (endpoint: string) => Promise<unknown>): Promise<void> {
  const drop = async () => {
    const sub = await currentSubscription();
    if (!sub) return;
    await remove(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe().catch(() => undefined);
  };
  await Promise.race([drop().catch(() => undefined), new Promise((r) => setTimeout(r, 3_000))]);
}
