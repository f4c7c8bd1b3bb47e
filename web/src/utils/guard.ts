/**
 * The route guard (docs/ARCHITECTURE.md "Client rules") as a pure decision: where may this path
 * render, given the auth state? The `Guard` component turns the decision into a redirect and the
 * remembered path.
 */

export interface GuardInput {
  /** `undefined` while the initialized check is in flight. */
  initialized: boolean | undefined;
  /** A session token exists. */
  token: boolean;
  /** The session is a guest session. */
  guest: boolean;
  /** The router path (pathname plus search), e.g. `/chat/channel/1`. */
  path: string;
  /** The remembered path (VOCECHAT_TRY_PATH), if any. */
  tryPath?: string | null;
  /** Guest mode is on (login config); logged-out visitors of guest-allowed paths go to /guest_login. */
  guestMode?: boolean;
  /** The onboarding wizard is still running (it has logged the new admin in already). */
  setupInProgress?: boolean;
}

export type GuardDecision =
  | { kind: "loading" }
  /** `clearTryPath`: a logged-in user reached a main page, so the remembered path is consumed. */
  | { kind: "allow"; clearTryPath?: boolean }
  /** `remember`: store this path as the try path. */
  | { kind: "redirect"; to: string; remember?: string };

const LOGIN_PAGES = ["/login", "/guest_login", "/email_login", "/register", "/send_magic_link", "/oauth", "/invite_mobile"];
/** The children of the main layout, and the private-channel invite: auth-guarded. */
const MAIN_PAGES = ["/chat", "/setting", "/users", "/favs", "/files", "/invite_private"];
/** Paths a guest may visit (guests read public channels). */
const GUEST_PAGES = ["/", "/chat"];

function matches(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export const pathnameOf = (path: string): string => path.split(/[?#]/)[0] || "/";

export function isLoginPage(path: string): boolean {
  return matches(pathnameOf(path), LOGIN_PAGES);
}

export function isMainPage(path: string): boolean {
  const p = pathnameOf(path);
  return p === "/" || matches(p, MAIN_PAGES);
}

export function isGuestAllowed(path: string): boolean {
  const p = pathnameOf(path);
  return p === "/" || matches(p, GUEST_PAGES.filter((g) => g !== "/"));
}

/** The path to remember when a logged-out visitor is sent to login (my_account is stored as `/`). */
export function rememberablePath(path: string): string {
  return pathnameOf(path).startsWith("/setting/my_account") ? "/" : path;
}

export function decideRoute({ initialized, token, guest, path, tryPath, guestMode, setupInProgress }: GuardInput): GuardDecision {
  const pathname = pathnameOf(path);
  const onboarding = pathname === "/onboarding";
  const login = isLoginPage(path);
  const main = isMainPage(path);
  // Other paths (404 page, invite landings, callbacks) render without a decision.
  if (!onboarding && !login && !main) return { kind: "allow" };
  if (initialized === undefined) return { kind: "loading" };

  if (onboarding) {
    if (!initialized || setupInProgress) return { kind: "allow" };
    return { kind: "redirect", to: token && !guest ? "/" : "/login" };
  }
  if (!initialized) return { kind: "redirect", to: "/onboarding" };

  if (login) {
    if (token && !guest) {
      // The remembered path is cleared once it is reached (not here: this decision may be made
      // again before the navigation lands).
      return { kind: "redirect", to: tryPath && !isLoginPage(tryPath) ? tryPath : "/" };
    }
    return { kind: "allow" };
  }

  // Main layout pages.
  if (!token) {
    const to = guestMode && isGuestAllowed(path) ? "/guest_login" : "/login";
    return { kind: "redirect", to, remember: rememberablePath(path) };
  }
  if (guest && !isGuestAllowed(path)) return { kind: "redirect", to: "/" };
  return tryPath ? { kind: "allow", clearTryPath: true } : { kind: "allow" };
}
