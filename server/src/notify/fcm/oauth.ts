import { createHash } from "node:crypto";
import { importPKCS8, SignJWT } from "jose";
import type { OutboundOptions } from "../../webhooks/send.js";
import { outbound } from "../request.js";

/**
 * FCM's OAuth access token from the service account (Google's "Using OAuth 2.0 for Server to
 * Server Applications"): a JWT signed RS256 with the account's key, posted to the token URL with
 * the grant type `urn:ietf:params:oauth:grant-type:jwt-bearer`. A token lives an hour; it is kept
 * per account until a minute before it expires, so a send costs no token request.
 */
export const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const JWT_LIFETIME_S = 3600;
const RENEW_BEFORE_MS = 60_000;

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_url: string;
}

export class FcmAuthError extends Error {}

const cache = new Map<string, { token: string; expiresAt: number }>();
const keyOf = (account: ServiceAccount) => createHash("sha256").update(`${account.client_email}\n${account.token_url}\n${account.private_key}`).digest("hex");

/** Forgets the account's token (FCM answered 401: revoked or rotated). */
export const forgetAccessToken = (account: ServiceAccount): void => void cache.delete(keyOf(account));

export async function accessToken(account: ServiceAccount, opts: OutboundOptions, now = Date.now()): Promise<string> {
  const key = keyOf(account);
  const cached = cache.get(key);
  if (cached && cached.expiresAt - RENEW_BEFORE_MS > now) return cached.token;
  const iat = Math.floor(now / 1000);
  const assertion = await new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.client_email)
    .setAudience(account.token_url)
    .setIssuedAt(iat)
    .setExpirationTime(iat + JWT_LIFETIME_S)
    .sign(await importPKCS8(account.private_key, "RS256"));
  const body = new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString();
  const answer = await outbound({ method: "POST", url: account.token_url, headers: { "content-type": "application/x-www-form-urlencoded" }, body }, opts);
  if (answer.status !== 200) throw new FcmAuthError(`token URL answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  let parsed: { access_token?: unknown; expires_in?: unknown };
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    throw new FcmAuthError("token URL answered no JSON");
  }
  if (typeof parsed.access_token !== "string" || parsed.access_token === "") throw new FcmAuthError("token URL answered no access_token");
  const lifetimeS = typeof parsed.expires_in === "number" && parsed.expires_in > 0 ? parsed.expires_in : JWT_LIFETIME_S;
  cache.set(key, { token: parsed.access_token, expiresAt: now + lifetimeS * 1000 });
  return parsed.access_token;
}
