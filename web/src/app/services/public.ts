/**
 * A minimal client for the public endpoints the login page needs before the RTK Query services
 * load (they are split off to keep the login page small). Same base, parsing and error handling
 * as the base query; never sends the token.
 */
import { API_BASE } from "../config";
import { handleApiError, type ApiStatus } from "./errors";
import type { AppDispatch } from "../store";

export interface PublicRequest {
  url: string;
  method?: string;
  body?: unknown;
  timeout?: number;
  responseHandler?: "json" | "text";
  /** Send `X-API-Key` (callers that are not on the public list). */
  token?: string;
}

export type PublicResult<T> = { data: T; error?: undefined } | { data?: undefined; error: { status: ApiStatus; data?: unknown } };

export async function publicRequest<T>(
  endpoint: string,
  { url, method = "GET", body, timeout, responseHandler = "json", token }: PublicRequest,
  dispatch: AppDispatch,
): Promise<PublicResult<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeout
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout)
    : undefined;
  const fail = (status: ApiStatus, data?: unknown): PublicResult<T> => {
    handleApiError(endpoint, status, data, dispatch);
    return { error: { status, data } };
  };
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${API_BASE}${url}`, {
      method,
      signal: controller.signal,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { "X-API-Key": token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await res.text();
  } catch {
    return fail(timedOut ? "TIMEOUT_ERROR" : "FETCH_ERROR");
  } finally {
    clearTimeout(timer);
  }
  let data: unknown = text;
  if (responseHandler === "json") {
    try {
      data = text.length ? JSON.parse(text) : null;
    } catch {
      return res.ok ? fail("PARSING_ERROR", text) : fail(res.status, text);
    }
  }
  if (!res.ok) return fail(res.status, data);
  return { data: data as T };
}
