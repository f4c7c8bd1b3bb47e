import { TOKEN_RENEW_MARGIN_MS } from "@parley/protocol";

/** True when the access token must be renewed before use: now > expireTime - 20 s. */
export function tokenNeedsRenewal(expireTime: number | null | undefined, now: number = Date.now()): boolean {
  if (!expireTime || !Number.isFinite(expireTime)) return true;
  return now > expireTime - TOKEN_RENEW_MARGIN_MS;
}

/** The absolute expiry (ms) of a token that lives `expiredInSeconds` from `now`. */
export function computeExpireTime(expiredInSeconds: number, now: number = Date.now()): number {
  return now + expiredInSeconds * 1000;
}
