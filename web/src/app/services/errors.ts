/**
 * The error catalogue (docs/ARCHITECTURE.md "Client rules": errors), in one place. `STATUS_RULES`
 * is what the RTK Query base query and the public client do for each failed status; `ERROR_TEXT`
 * names the texts of the other situations of the table, which the screens and the event stream show
 * through `errorText`.
 */
import i18n from "../../i18n";
import { toast } from "../../utils/toast";
import { NO_LOGOUT_ON_401, NO_TOAST_403, NO_TOAST_404, SILENT_ENDPOINTS } from "../config";
import { clearSession } from "../session";
import type { AppDispatch } from "../store";

export type ApiStatus = number | "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR" | "CUSTOM_ERROR";

/** The texts of the catalogue (i18n keys, `namespace:key`). */
export const ERROR_TEXT = {
  failedFetch: "common:tip.failed_fetch",
  badRequest: "common:tip.400",
  notAllowed: "common:tip.403",
  notFound: "common:tip.404",
  tooLarge: "common:tip.413",
  unsupportedMedia: "common:tip.415",
  license: "common:tip.451",
  /** 451 `License error: Users reached limit.`: an account past the license's user limit (docs/API.md "License"). */
  userLimit: "common:tip.user_limit",
  serverError: "common:tip.500",
  /** 409 on private join, and a failed magic-token check on the invite page. */
  inviteInvalid: "auth:invite_private.invalid",
  /** 412 on private join. */
  alreadyInChannel: "auth:invite_private.already",
  sendBlocked: "chat:tip.send_blocked",
  sendFailed: "chat:tip.send_failed",
  stripeSession: "common:tip.stripe_session",
  magicLinkInvalid: "auth:tip.magic_link_invalid",
  versionNeeded: "common:version.needed",
  upgradeServer: "common:version.upgrade",
  singleTab: "common:inactive.title",
  kickedOtherDevice: "auth:tip.kicked_other_device",
  accountDeleted: "auth:tip.account_deleted",
  reconnecting: "common:tip.reconnecting",
  imageCopyType: "chat:tip.image_copy_type",
  imageCopyBlob: "chat:tip.image_copy_blob",
  chunkLoad: "common:tip.chunk_load",
} as const;

export type ErrorTextKey = keyof typeof ERROR_TEXT;

export function errorText(key: ErrorTextKey, options?: Record<string, unknown>): string {
  return i18n.t(ERROR_TEXT[key], options ?? {}) as string;
}

/** A short plain-text server message, if the body is one. */
export function serverText(data: unknown): string | undefined {
  if (typeof data === "string" && data.trim() && data.length < 300 && !data.trimStart().startsWith("<")) return data.trim();
  return undefined;
}


/** The server's text refusing an account past the user limit (docs/API.md "License"). */
export const USER_LIMIT_REACHED = "License error: Users reached limit.";

/** The endpoints that create accounts for an admin (Members, Bots): a 451 there is the limit, not the admin's session. */
const USER_CREATING: readonly string[] = ["createUser", "createBot"];

/** A 451's words: the user limit in the reader's language (upgrade, or ask the admin), else the server's text. */
export function licenseText(data: unknown): string {
  const text = serverText(data);
  if (text === USER_LIMIT_REACHED) return errorText("userLimit");
  return text ?? errorText("license");
}

interface RuleContext {
  endpoint: string;
  data: unknown;
}

interface StatusRule {
  /** The toast text; none means the status is only logged. */
  toast?: (ctx: RuleContext) => string;
  /** Endpoints that handle this status themselves (no toast). */
  exceptToast?: readonly string[];
  /** Clear the session and go to /login. */
  logout?: boolean;
  /** Endpoints for which the status does not end the session. */
  exceptLogout?: readonly string[];
}

/** The catalogue, status by status. */
export const STATUS_RULES: Record<string, StatusRule> = {
  FETCH_ERROR: { toast: ({ endpoint }) => `${endpoint}: ${errorText("failedFetch")}` },
  // The statuses exist; VoceChat shows no text for them.
  TIMEOUT_ERROR: {},
  PARSING_ERROR: {},
  400: { toast: () => errorText("badRequest") },
  401: { logout: true, exceptLogout: NO_LOGOUT_ON_401 },
  403: { toast: () => errorText("notAllowed"), exceptToast: NO_TOAST_403 },
  404: { toast: () => errorText("notFound"), exceptToast: NO_TOAST_404 },
  413: { toast: () => errorText("tooLarge") },
  415: { toast: () => errorText("unsupportedMedia") },
  // An admin creating an account or a bot past the user limit stays signed in: the form says why.
  451: { logout: true, exceptLogout: USER_CREATING, toast: ({ data }) => licenseText(data) },
  500: { toast: ({ data }) => serverText(data) ?? errorText("serverError") },
  503: { toast: ({ data }) => serverText(data) ?? errorText("serverError") },
};

export interface ErrorOutcome {
  toast?: string;
  loggedOut: boolean;
}

/** Apply the catalogue to one failed call. Returns what was done (for tests and callers). */
export function handleApiError(endpoint: string, status: ApiStatus, data: unknown, dispatch: AppDispatch, { silent: declared = false } = {}): ErrorOutcome {
  const rule = STATUS_RULES[String(status)];
  const outcome: ErrorOutcome = { loggedOut: false };
  if (!rule) return outcome;
  if (rule.logout && !rule.exceptLogout?.includes(endpoint)) {
    clearSession(dispatch);
    outcome.loggedOut = true;
  }
  // A 451 that ends the session always says why; other toasts respect the silent and handled lists.
  const silent = !(status === 451 && outcome.loggedOut) && (declared || SILENT_ENDPOINTS.includes(endpoint) || !!rule.exceptToast?.includes(endpoint));
  if (rule.toast && !silent) {
    outcome.toast = rule.toast({ endpoint, data });
    toast.error(outcome.toast);
  } else if (status !== 401) {
    console.info(`[api] ${endpoint}: ${String(status)}`);
  }
  return outcome;
}
