import type { RenewTokenResponse } from "@parley/protocol";
import { API_BASE } from "../config";
import { clearSession } from "../session";
import { updateToken, type AuthState } from "../slices/auth.data";
import type { AppDispatch } from "../store";

let renewing: Promise<boolean> | null = null;

/**
 * Renew the access token (`POST /api/token/renew` {token, refresh_token}). Concurrent callers
 * share one request, since both tokens rotate. Resolves false when the session could not be
 * renewed; a 401/403/451 ends it.
 */
export function renewToken(dispatch: AppDispatch, getState: () => unknown): Promise<boolean> {
  if (renewing) return renewing;
  renewing = (async () => {
    const { token, refreshToken } = (getState() as { authData: AuthState }).authData;
    if (!token || !refreshToken) return false;
    try {
      const res = await fetch(`${API_BASE}/token/renew`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token, refresh_token: refreshToken }),
      });
      if (res.ok) {
        dispatch(updateToken((await res.json()) as RenewTokenResponse));
        return true;
      }
      if (res.status === 401 || res.status === 403 || res.status === 451) clearSession(dispatch);
      return false;
    } catch {
      // Network failure: keep the session; the next call retries.
      return false;
    } finally {
      setTimeout(() => {
        renewing = null;
      }, 0);
    }
  })();
  return renewing;
}
