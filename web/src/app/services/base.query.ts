/**
 * The shared RTK Query base query (mirrors VoceChat's `base.query.ts`): base `/api`, `X-API-Key`
 * except on the public endpoints, token renewal when now > expireTime - 20 s (then the original
 * request), and the error handling of docs/ARCHITECTURE.md "Client rules".
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import { API_BASE, PUBLIC_ENDPOINTS } from "../config";
import type { AuthState } from "../slices/auth.data";
import { tokenNeedsRenewal } from "../../utils/token";
import { handleApiError } from "./errors";
import { renewToken } from "./renew";

export { renewToken };

type AuthLike = { authData: AuthState };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers, { getState, endpoint }) => {
    const { token } = (getState() as AuthLike).authData;
    if (token && !PUBLIC_ENDPOINTS.includes(endpoint)) headers.set("X-API-Key", token);
    return headers;
  },
});

/**
 * What an endpoint may declare (`extraOptions`): `silent`, its failures are shown by its caller
 * (a form in the server's words) or not at all, so the base query toasts none. Endpoints of the
 * lazily loaded screens declare it here rather than in `SILENT_ENDPOINTS`, which every page loads.
 */
export interface EndpointOptions {
  silent?: boolean;
}

/** `extraOptions` of an endpoint whose failures its caller shows (see `EndpointOptions`). */
export const SILENT: EndpointOptions = { silent: true };

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, EndpointOptions> = async (args, api, extraOptions) => {
  if (!PUBLIC_ENDPOINTS.includes(api.endpoint)) {
    const { token, expireTime } = (api.getState() as AuthLike).authData;
    if (token && tokenNeedsRenewal(expireTime)) await renewToken(api.dispatch, api.getState);
  }
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) {
    // A failed status with a plain-text body (the server's error texts) is that status, not a
    // parsing error: callers compare statuses. PARSING_ERROR stays for a 2xx that is not JSON.
    if (result.error.status === "PARSING_ERROR" && result.error.originalStatus >= 400) {
      result.error = { status: result.error.originalStatus, data: result.error.data };
    }
    const error = result.error;
    const status = "originalStatus" in error ? error.originalStatus : error.status;
    handleApiError(api.endpoint, status, "data" in error ? error.data : undefined, api.dispatch, { silent: extraOptions?.silent });
  }
  return result;
};

export default baseQuery;
