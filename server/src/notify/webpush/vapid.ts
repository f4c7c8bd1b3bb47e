import type { AppContext } from "../../context.js";

/** The server's VAPID key pair (base64url, P-256), made on first use and kept in the `config` table. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEY = "vapid_keys";

/** Per server (context): read once, then kept; every node reads the same stored pair (first writer wins). */
const cache = new WeakMap<AppContext, Promise<VapidKeys>>();

// web-push is loaded on first use: it pulls in its crypto helpers, which most requests never need.
export const loadWebPush = () => import("web-push").then((m) => m.default);

export function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  let keys = cache.get(ctx);
  if (!keys) {
    keys = (async () => {
      const existing = await ctx.repos.config.get<VapidKeys>(VAPID_KEY);
      if (existing) return existing;
      const { generateVAPIDKeys } = await loadWebPush();
      return ctx.repos.config.getOrCreate<VapidKeys>(VAPID_KEY, () => generateVAPIDKeys());
    })();
    // A failed read is not kept: the next call tries again.
    keys.catch(() => cache.delete(ctx));
    cache.set(ctx, keys);
  }
  return keys;
}

/**
 * The VAPID `sub` claim: push services want a way to reach the sender's operator. The frontend
 * URL when it is https (web-push refuses others), else a mailto of no one in particular.
 */
export const vapidSubject = (frontendUrl: string | null): string =>
  frontendUrl?.startsWith("https://") ? frontendUrl : "mailto:push@parley.invalid";
