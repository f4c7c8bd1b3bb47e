import { DEFAULT_LOGIN_CONFIG, SECRET_MASK, type GithubAuthConfig, type GoogleAuthConfig, type LoginConfig, type OidcConfig } from "@parley/protocol";
import type { AppContext } from "../../context.js";
import { describeChange, setConfigAudited, type AuditActor } from "../audit.js";
import { loadLoginConfig } from "../sessions.js";

/**
 * The third-party sign-in settings (docs/API.md "Third-party sign-in", docs/AUTH.md): Google's
 * and GitHub's OAuth apps in their own config entries, the OIDC providers in the login config.
 * Every secret is stored as given and answered as `SECRET_MASK`; a mask sent back keeps it.
 */
const GOOGLE_KEY = "google-auth";
const GITHUB_KEY = "github-auth";

export const DEFAULT_GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
/** Google's authorization page: the widget's popup asks it for an ID token (docs/API.md "Widget"). */
export const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const DEFAULT_GITHUB_URL = "https://github.com";
export const DEFAULT_GITHUB_API_URL = "https://api.github.com";

const masked = (secret: string | undefined): string => (secret ? SECRET_MASK : "");
const keep = (given: string | null | undefined, stored: string | undefined): string => (given === SECRET_MASK ? (stored ?? "") : (given ?? ""));

export async function loadGoogleConfig(ctx: AppContext): Promise<GoogleAuthConfig> {
  return { client_id: "", ...((await ctx.repos.config.get<Partial<GoogleAuthConfig>>(GOOGLE_KEY)) ?? {}) };
}

export async function saveGoogleConfig(ctx: AppContext, input: GoogleAuthConfig, audit: AuditActor): Promise<void> {
  const next = { client_id: input.client_id.trim() };
  await setConfigAudited(ctx, GOOGLE_KEY, next, audit, { action: "settings.google_auth", detail: describeChange(next) });
}

export async function loadGithubConfig(ctx: AppContext): Promise<GithubAuthConfig> {
  return { client_id: "", client_secret: "", ...((await ctx.repos.config.get<Partial<GithubAuthConfig>>(GITHUB_KEY)) ?? {}) };
}

/** `GET /admin/github_auth/config`: the secret masked (VoceChat 0.3 answered it to anyone). */
export const presentGithubConfig = (config: GithubAuthConfig): GithubAuthConfig => ({ client_id: config.client_id, client_secret: masked(config.client_secret) });

export async function saveGithubConfig(ctx: AppContext, input: GithubAuthConfig, audit: AuditActor): Promise<void> {
  const stored = await loadGithubConfig(ctx);
  const next = { client_id: input.client_id.trim(), client_secret: keep(input.client_secret, stored.client_secret) };
  await setConfigAudited(ctx, GITHUB_KEY, next, audit, {
    action: "settings.github_auth",
    detail: describeChange({ client_id: next.client_id, ...(next.client_secret !== stored.client_secret ? { client_secret: true } : {}) }, ["client_secret"]),
  });
}

/** The provider's issuer URL: as configured, else `https://{domain}`. */
export const issuerOf = (entry: OidcConfig): string => entry.issuer || `https://${entry.domain}`;

/** `GET /admin/login/config` (public): the OIDC secrets masked. */
export const presentLoginConfig = (config: LoginConfig): LoginConfig => ({
  ...config,
  oidc: config.oidc.map((entry) => ({
    enable: entry.enable,
    favicon: entry.favicon,
    domain: entry.domain,
    issuer: issuerOf(entry),
    client_id: entry.client_id ?? "",
    client_secret: masked(entry.client_secret),
  })),
});

type OidcInput = Omit<OidcConfig, "issuer" | "client_id" | "client_secret"> & {
  issuer?: string | null;
  client_id?: string | null;
  client_secret?: string | null;
};
export type LoginConfigInput = Omit<LoginConfig, "oidc" | "passkey"> & { oidc: OidcInput[]; passkey?: boolean | null };

/**
 * `POST /admin/login/config`. An OIDC entry's `client_secret` of `SECRET_MASK` keeps the one
 * stored for the same `domain`; the audit entry names what changed, never a secret.
 */
export async function saveLoginConfig(ctx: AppContext, input: LoginConfigInput, audit: AuditActor): Promise<void> {
  const stored = await loadLoginConfig(ctx);
  const oidc: OidcConfig[] = input.oidc.map((entry) => {
    const before = stored.oidc.find((o) => o.domain === entry.domain);
    return {
      enable: entry.enable,
      favicon: entry.favicon,
      domain: entry.domain,
      issuer: entry.issuer || `https://${entry.domain}`,
      client_id: entry.client_id ?? "",
      client_secret: keep(entry.client_secret, before?.client_secret),
    };
  });
  const next: LoginConfig = { ...DEFAULT_LOGIN_CONFIG, ...input, oidc, passkey: input.passkey ?? false };
  const detail = describeChange({ ...next, oidc: presentLoginConfig(next).oidc.map(({ client_secret: _, ...rest }) => rest) });
  await setConfigAudited(ctx, "login", next, audit, { action: "settings.login_methods", detail });
}
