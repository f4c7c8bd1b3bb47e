/**
 * The shared RTK Query base query (mirrors VoceChat's `base.query.ts`): base `/api`, the
 * `X-API-Key` header except on public endpoints, token renewal 20 s before expiry (then the
 * original request), session loss on 401/451, and the spec §8 error toasts.
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import type { RenewTokenResponse } from "@parley/protocol";
import toast from "react-hot-toast";
import i18n from "../../i18n";
import {
  API_BASE,
  NO_LOGOUT_ON_401,
  NO_TOAST_403,
  NO_TOAST_404,
  PUBLIC_ENDPOINTS,
  SILENT_ENDPOINTS,
} from "../config";
import type { AuthState } from "../slices/auth.data";
import { updateToken } from "../slices/auth.data";
import { tokenNeedsRenewal } from "../../utils/token";
import { clearSession } from "../session";

type AuthLike = { authData: AuthState };
// The dispatch we need is untyped on purpose: this module must not import the store.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDispatch = (action: any) => any;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers, { getState, endpoint }) => {
    const { token } = (getState() as AuthLike).authData;
    if (token && !PUBLIC_ENDPOINTS.includes(endpoint)) headers.set("X-API-Key", token);
    return headers;
  },
});

let renewing: Promise<boolean> | null = null;

/**
 * Renew the access token (`POST /api/token/renew`). Concurrent callers share one request, since
 * both tokens rotate. Resolves false when the session could not be renewed; a 401 ends it.
 */
export function renewToken(dispatch: AnyDispatch, getState: () => unknown): Promise<boolean> {
  if (renewing) return renewing;
  renewing = (async () => {
    const { token, refreshToken } = (getState() as AuthLike).authData;
    if (!token || !refreshToken) return false;
    try {
      const res = await fetch(`${API_BASE}/token/renew`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token, refresh_token: refreshToken }),
      });
      if (res.ok) {
        const data = (await res.json()) as RenewTokenResponse;
        dispatch(updateToken(data));
        return true;
      }
      if (res.status === 401 || res.status === 403 || res.status === 451) {
        clearSession(dispatch);
      }
      return false;
    } catch {
      // Network failure: keep the session, the next call retries.
      return false;
    } finally {
      setTimeout(() => {
        renewing = null;
      }, 0);
    }
  })();
  return renewing;
}

function errorText(error: FetchBaseQueryError): string | undefined {
  const data = "data" in error ? error.data : undefined;
  if (typeof data === "string" && data.trim() && data.length < 300) return data.trim();
  return undefined;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const { endpoint } = api;
  if (!PUBLIC_ENDPOINTS.includes(endpoint)) {
    const { token, expireTime } = (api.getState() as AuthLike).authData;
    if (token && tokenNeedsRenewal(expireTime)) {
      await renewToken(api.dispatch, api.getState);
    }
  }
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return result;

  const error = result.error;
  const status = "originalStatus" in error ? error.originalStatus : error.status;
  const t = i18n.t.bind(i18n);
  const silent = SILENT_ENDPOINTS.includes(endpoint);

  switch (status) {
    case "FETCH_ERROR":
      if (!silent) toast.error(`${endpoint}: ${t("tip.failed_fetch", { ns: "common" })}`);
      break;
    case 400:
      if (!silent) toast.error(t("tip.400", { ns: "common" }));
      break;
    case 401:
      if (!NO_LOGOUT_ON_401.includes(endpoint)) clearSession(api.dispatch);
      break;
    case 403:
      if (!silent && !NO_TOAST_403.includes(endpoint)) toast.error(t("tip.403", { ns: "common" }));
      break;
    case 404:
      if (silent || NO_TOAST_404.includes(endpoint)) console.info(`[api] ${endpoint}: 404`);
      else toast.error(t("tip.404", { ns: "common" }));
      break;
    case 413:
      toast.error(t("tip.413", { ns: "common" }));
      break;
    case 415:
      toast.error(t("tip.415", { ns: "common" }));
      break;
    case 451:
      clearSession(api.dispatch);
      toast.error(errorText(error) ?? t("tip.451", { ns: "common" }));
      break;
    case 500:
    case 503:
      if (!silent) toast.error(errorText(error) ?? t("tip.500", { ns: "common" }));
      break;
    default:
      break;
  }
  return result;
};

export default baseQuery;
