/**
 * Third-party sign-in (docs/API.md "Third-party sign-in"): the admin's Google and GitHub apps,
 * the OIDC providers' test, and the caller's linked accounts (list, link, unlink). The OIDC
 * providers themselves live in the login config (`server.ts`).
 */
import type { GithubAuthConfig, GoogleAuthConfig, LinkedIdentity, LoginCredential, UnbindRequest } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { freshGet, silentGet, silentSend } from "./endpoints";

// Not `getGoogleAuthConfig`/`getGithubAuthConfig`: those names are the login page's token-free calls (app/config.ts).
export const idpApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getGoogleAuthAdminConfig: builder.query<GoogleAuthConfig, void>(freshGet("/admin/google_auth/config")),
    updateGoogleAuthConfig: builder.mutation<null, GoogleAuthConfig>(silentSend("/admin/google_auth/config", "POST")),
    /** The secret comes back as `SECRET_MASK`; sending the mask keeps it. */
    getGithubAuthAdminConfig: builder.query<GithubAuthConfig, void>(freshGet("/admin/github_auth/config")),
    updateGithubAuthConfig: builder.mutation<null, GithubAuthConfig>(silentSend("/admin/github_auth/config", "POST")),
    /** Whether a saved, enabled provider answers discovery: an authorization URL is made (and dropped). */
    testOidcProvider: builder.mutation<{ url: string }, { issuer: string; redirect_uri: string }>(silentSend("/token/openid/authorize", "POST")),
    getIdentities: builder.query<LinkedIdentity[], void>(silentGet("/token/identities")),
    bindIdentity: builder.mutation<null, Extract<LoginCredential, { type: "google" | "github" | "oidc" }>>({
      extraOptions: SILENT,
      query: (credential) => ({ url: "/token/bind", method: "POST", body: { credential } }),
    }),
    unbindIdentity: builder.mutation<null, UnbindRequest>(silentSend("/token/unbind", "POST")),
  }),
});

export const {
  useGetGoogleAuthAdminConfigQuery,
  useUpdateGoogleAuthConfigMutation,
  useGetGithubAuthAdminConfigQuery,
  useUpdateGithubAuthConfigMutation,
  useTestOidcProviderMutation,
  useGetIdentitiesQuery,
  useBindIdentityMutation,
  useUnbindIdentityMutation,
} = idpApi;

/** Where providers send the browser back (docs/API.md "Third-party sign-in"): a real path, rewritten to the hash route at start. */
export const callbackUrl = (type: "github" | "oidc" | "google", action: "login" | "bind" | "webapp" | "widget") => `${window.location.origin}/cb/${type}/${action}`;
