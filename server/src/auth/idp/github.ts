import { HttpError, unauthorized } from "../../http/errors.js";
import type { IdpFetch } from "./fetch.js";
import type { VerifiedIdentity } from "./identity.js";

export interface GithubEndpoints {
  /** `https://github.com`: `/login/oauth/access_token`. */
  site: string;
  /** `https://api.github.com`: `/user`, `/user/emails`. */
  api: string;
}

const unreachable = () => new HttpError(503, "GitHub could not be reached");

/**
 * The `github` credential (docs/API.md "Third-party sign-in"): the authorization code is
 * exchanged for an access token with the configured OAuth app, then GitHub tells who it is
 * (`/user`) and which address is their verified primary one (`/user/emails`). 401 for a code
 * GitHub refuses.
 */
export async function verifyGithubCode(code: string, app: { client_id: string; client_secret: string }, ends: GithubEndpoints, fetch: IdpFetch): Promise<VerifiedIdentity> {
  let token: string | undefined;
  try {
    const res = await fetch(`${ends.site.replace(/\/$/, "")}/login/oauth/access_token`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: app.client_id, client_secret: app.client_secret, code }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
    if (typeof body.access_token === "string") token = body.access_token;
    else if (res.ok || res.status === 400 || res.status === 401) throw unauthorized(`GitHub refused the code: ${String(body.error ?? res.status)}`);
    else throw unreachable();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unreachable();
  }
  const api = ends.api.replace(/\/$/, "");
  const get = async (path: string): Promise<unknown> => {
    const res = await fetch(`${api}${path}`, { headers: { accept: "application/vnd.github+json", authorization: `Bearer ${token}` } }).catch(() => {
      throw unreachable();
    });
    if (res.status === 401 || res.status === 403) throw unauthorized("GitHub refused the token");
    if (!res.ok) throw unreachable();
    return res.json();
  };
  const user = (await get("/user")) as { id?: unknown; login?: unknown; name?: unknown };
  if (typeof user.id !== "number" && typeof user.id !== "string") throw unauthorized("GitHub answered no user id");
  let email: string | null = null;
  const emails = await get("/user/emails").catch((err: unknown) => {
    // A token without the `user:email` scope: sign in without an address.
    if (err instanceof HttpError && err.status === 401) return [];
    throw err;
  });
  if (Array.isArray(emails)) {
    const primary = emails.find((e: { primary?: unknown; verified?: unknown; email?: unknown }) => e.primary === true && e.verified === true && typeof e.email === "string");
    if (primary) email = String(primary.email).toLowerCase();
  }
  const name = typeof user.name === "string" && user.name ? user.name : typeof user.login === "string" ? user.login : null;
  return { provider: "github", issuer: "", subject: String(user.id), email, name };
}
