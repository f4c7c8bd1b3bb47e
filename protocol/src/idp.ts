/**
 * Sign-in with Google, GitHub and OIDC providers (docs/API.md "Third-party sign-in").
 */

/** `GET/POST /api/admin/google_auth/config`; `GET /api/admin/google_auth/public_config` answers the same. */
export interface GoogleAuthConfig {
  client_id: string;
}

/**
 * `GET/POST /api/admin/github_auth/config`. **Parley:** `GET` answers `client_secret` as
 * `SECRET_MASK` (VoceChat 0.3 answered it to anyone), and a `POST` of the mask keeps the stored one.
 */
export interface GithubAuthConfig {
  client_id: string;
  client_secret: string;
}

/** `GET /api/admin/github_auth/public_config`: what the login page needs, no secret. */
export interface PublicAuthConfig {
  client_id: string;
}

/** Stands for a stored secret in every answer; sent back, it keeps the stored one. */
export const SECRET_MASK = "********";

/** `POST /api/token/openid/authorize`. `issuer` is the login config entry's `domain`. */
export interface OpenIdAuthorizeRequest {
  issuer: string;
  redirect_uri: string;
}

export interface OpenIdAuthorizeResponse {
  url: string;
}

/** One linked identity (`GET /api/token/identities`, a Parley addition for the linked accounts list). */
export interface LinkedIdentity {
  type: "google" | "github" | "oidc";
  /** The OIDC issuer URL; "" for Google and GitHub. */
  issuer: string;
  email: string | null;
  /** When it was linked, ms. */
  created_at: number;
}

/** `POST /api/token/unbind`: forgets one linked identity of the caller. */
export interface UnbindRequest {
  type: "google" | "github" | "oidc";
  issuer?: string | null;
}
