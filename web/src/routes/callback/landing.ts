/**
 * Where a third-party provider's answer lands (docs/API.md "Third-party sign-in", "Widget").
 * Providers send the browser back to the real path `/cb/{type}/{action}` (a redirect URI cannot
 * hold a `#`): GitHub and OIDC with `?code=…&state=…`, Google's implicit flow (the widget's popup)
 * with `#id_token=…&state=…` in the fragment. Both become the hash route of the same name with
 * the answer in its query, which `IdpCallback` reads.
 */

/** The address to replace a `/cb/…` landing with (`/#/cb/…?…`), or null when this is no such landing. */
export function callbackRoute(pathname: string, search: string, hash: string): string | null {
  if (!/^\/cb\/[a-z_]+\/[A-Za-z0-9_-]+$/.test(pathname)) return null;
  // A fragment that is not already a hash route is the provider's answer (Google's).
  const fragment = hash.startsWith("#") && !hash.startsWith("#/") ? hash.slice(1) : "";
  const query = [search.replace(/^\?/, ""), fragment].filter(Boolean).join("&");
  return `/#${pathname}${query ? `?${query}` : ""}`;
}
