/**
 * The spec §8 error catalogue, shared by the RTK Query base query and the public bootstrap client:
 * session loss on 401/451, and toasts for 400/403/404/413/415/500/503 with the listed exceptions.
 */
import toast from "react-hot-toast";
import i18n from "../../i18n";
import { NO_LOGOUT_ON_401, NO_TOAST_403, NO_TOAST_404, SILENT_ENDPOINTS } from "../config";
import { clearSession } from "../session";

export type ApiStatus = number | "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR" | "CUSTOM_ERROR";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDispatch = (action: any) => any;

/** A short plain-text server message, if the body is one. */
export function serverText(data: unknown): string | undefined {
  if (typeof data === "string" && data.trim() && data.length < 300 && !data.trimStart().startsWith("<")) return data.trim();
  return undefined;
}

export function handleApiError(endpoint: string, status: ApiStatus, data: unknown, dispatch: AnyDispatch) {
  const t = (key: string) => i18n.t(key, { ns: "common" });
  const silent = SILENT_ENDPOINTS.includes(endpoint);
  switch (status) {
    case "FETCH_ERROR":
      if (!silent) toast.error(`${endpoint}: ${t("tip.failed_fetch")}`);
      break;
    case 400:
      if (!silent) toast.error(t("tip.400"));
      break;
    case 401:
      if (!NO_LOGOUT_ON_401.includes(endpoint)) clearSession(dispatch);
      break;
    case 403:
      if (!silent && !NO_TOAST_403.includes(endpoint)) toast.error(t("tip.403"));
      break;
    case 404:
      if (silent || NO_TOAST_404.includes(endpoint)) console.info(`[api] ${endpoint}: 404`);
      else toast.error(t("tip.404"));
      break;
    case 413:
      toast.error(t("tip.413"));
      break;
    case 415:
      toast.error(t("tip.415"));
      break;
    case 451:
      clearSession(dispatch);
      toast.error(serverText(data) ?? t("tip.451"));
      break;
    case 500:
    case 503:
      if (!silent) toast.error(serverText(data) ?? t("tip.500"));
      break;
    default:
      break;
  }
}
