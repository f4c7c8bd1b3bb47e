import { createHash } from "node:crypto";
import * as client from "openid-client";
import type { OidcConfig } from "@parley/protocol";
import type { Db } from "../../db/index.js";
import { HttpError, badRequest, forbidden, unauthorized } from "../../http/errors.js";
import type { IdpFetch } from "./fetch.js";
import type { VerifiedIdentity } from "./identity.js";

/**
 * OIDC sign-in (docs/API.md "Third-party sign-in") with openid-client: the authorization-code
 * flow with state, nonce and PKCE (S256). The pending authorization lives in `oidc_states`
 * (migration 092), keyed by the state's SHA-256: every node can finish it, and it is deleted
 * the first time it is used, whatever the outcome.
 */

/** How long a user has to sign in at the provider. VoceChat keeps 150 s; a login form with 2FA needs more. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_TTL_MS = 5 * 60 * 1000;

const discoveryFailed = (issuer: string) => new HttpError(503, `could not discover the OIDC provider ${issuer}`);
export const stateInvalid = () => badRequest("the sign-in has expired or was already used, please start again");

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/** Discovered configurations, by issuer and client: discovery is a round trip per sign-in otherwise. */
const configurations = new Map<string, { at: number; config: client.Configuration }>();

export interface OidcProvider {
  entry: OidcConfig;
  issuer: string;
}

async function configurationOf(provider: OidcProvider, fetch: IdpFetch, allowInsecure: boolean): Promise<client.Configuration> {
  // The gate is part of the key: a configuration keeps the fetch it was discovered with.
  const key = `${provider.issuer}\n${provider.entry.client_id ?? ""}\n${provider.entry.client_secret ?? ""}\n${allowInsecure}`;
  const cached = configurations.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(provider.issuer);
  } catch {
    throw discoveryFailed(provider.issuer);
  }
  // Plain http only where private addresses are allowed too (an intranet issuer, the tests).
  if (issuerUrl.protocol === "http:" && !allowInsecure) throw discoveryFailed(provider.issuer);
  try {
    // openid-client trusts an ID token from the token endpoint on TLS alone (OIDC Core 3.1.3.7);
    // `enableNonRepudiationChecks` verifies its signature against the provider's JWKS as well.
    const execute = [client.enableNonRepudiationChecks, ...(issuerUrl.protocol === "http:" ? [client.allowInsecureRequests] : [])];
    const config = await client.discovery(issuerUrl, provider.entry.client_id ?? "", provider.entry.client_secret || undefined, undefined, {
      [client.customFetch]: fetch as client.CustomFetch,
      execute,
    });
    configurations.set(key, { at: Date.now(), config });
    return config;
  } catch {
    throw discoveryFailed(provider.issuer);
  }
}

/** Forgets discovered configurations (an admin changed a provider). */
export const forgetDiscoveries = () => configurations.clear();

/**
 * `POST /token/openid/authorize`: the provider's authorization URL for `redirect_uri`, with a new
 * state, nonce and PKCE challenge; the state is stored for `OIDC_STATE_TTL_MS`.
 */
export async function startAuthorization(db: Db, provider: OidcProvider, redirectUri: string, fetch: IdpFetch, allowInsecure: boolean): Promise<string> {
  const config = await configurationOf(provider, fetch, allowInsecure);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  const now = Date.now();
  await db.deleteFrom("oidc_states").where("expires_at", "<", now).execute();
  await db
    .insertInto("oidc_states")
    .values({ state_hash: hashState(state), domain: provider.entry.domain, nonce, code_verifier: verifier, redirect_uri: redirectUri, expires_at: now + OIDC_STATE_TTL_MS })
    .execute();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return url.href;
}

/** Takes the pending authorization of `state` (once): 400 unknown, used or expired. */
export async function takeState(db: Db, state: string) {
  const row = await db.deleteFrom("oidc_states").where("state_hash", "=", hashState(state)).returningAll().executeTakeFirst();
  if (!row || row.expires_at < Date.now()) throw stateInvalid();
  return row;
}

/**
 * The `oidc` credential: exchanges `code` at the provider's token endpoint (with the PKCE
 * verifier) and verifies the ID token — signature against the provider's JWKS, issuer,
 * audience, expiry and our nonce (openid-client does each). 401 when any check fails.
 */
export async function finishAuthorization(
  provider: OidcProvider,
  pending: { nonce: string; code_verifier: string; redirect_uri: string },
  code: string,
  state: string,
  fetch: IdpFetch,
  allowInsecure: boolean,
): Promise<VerifiedIdentity> {
  const config = await configurationOf(provider, fetch, allowInsecure);
  const callback = new URL(pending.redirect_uri);
  callback.search = "";
  callback.hash = "";
  callback.searchParams.set("code", code);
  callback.searchParams.set("state", state);
  // RFC 9207: the client only sends code and state (the wire shape has no `iss`); the state
  // already binds this response to this provider, which is what `iss` protects.
  if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set("iss", config.serverMetadata().issuer);
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: pending.code_verifier, expectedState: state, expectedNonce: pending.nonce, idTokenExpected: true },
      { redirect_uri: pending.redirect_uri },
    );
    claims = tokens.claims();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const detail = err instanceof Error ? (((err as { code?: string }).code ?? "") + " " + err.message).trim() : "";
    throw unauthorized(`the OIDC provider's answer was refused: ${detail.slice(0, 160)}`);
  }
  if (!claims?.sub) throw unauthorized("the OIDC provider sent no ID token");
  const email = typeof claims.email === "string" && claims.email_verified === true ? claims.email.toLowerCase() : null;
  const name =
    typeof claims.name === "string" && claims.name ? claims.name : typeof claims.preferred_username === "string" ? claims.preferred_username : null;
  return { provider: "oidc", issuer: config.serverMetadata().issuer, subject: claims.sub, email, name };
}

/** The enabled login-config entry whose `domain` is `domain`: 403 otherwise. */
export function enabledProvider(entries: OidcConfig[], domain: string, issuerOf: (e: OidcConfig) => string): OidcProvider {
  const entry = entries.find((e) => e.domain === domain);
  if (!entry?.enable) throw forbidden("this OIDC provider is not enabled");
  return { entry, issuer: issuerOf(entry) };
}
