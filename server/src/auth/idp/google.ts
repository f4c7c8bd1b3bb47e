import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { unauthorized } from "../../http/errors.js";
import type { IdpFetch } from "./fetch.js";
import type { VerifiedIdentity } from "./identity.js";

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

/** One key set per JWKS URL: jose caches the keys and refetches on an unknown `kid`. */
const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * The `google` credential (docs/API.md "Third-party sign-in"): a Google ID token, verified
 * against Google's published keys (signature, issuer, audience = the configured client id,
 * expiry; and the `nonce` the sign-in asked for, when it asked for one — the widget's does). 401
 * for anything that does not hold.
 */
export async function verifyGoogleIdToken(idToken: string, clientId: string, jwksUrl: string, fetch: IdpFetch, nonce?: string): Promise<VerifiedIdentity> {
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), { [customFetch]: fetch });
    keySets.set(jwksUrl, keys);
  }
  try {
    const { payload } = await jwtVerify(idToken, keys, { issuer: GOOGLE_ISSUERS, audience: clientId, requiredClaims: ["sub", "exp"] });
    if (nonce !== undefined && payload.nonce !== nonce) throw unauthorized("invalid Google ID token: not issued for this sign-in");
    const email = typeof payload.email === "string" && payload.email_verified === true ? payload.email.toLowerCase() : null;
    const name = typeof payload.name === "string" ? payload.name : null;
    return { provider: "google", issuer: "", subject: String(payload.sub), email, name };
  } catch (err) {
    if (err instanceof errors.JOSEError) throw unauthorized(`invalid Google ID token: ${err.code}`);
    throw err;
  }
}
