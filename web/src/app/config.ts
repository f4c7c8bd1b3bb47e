/** Client configuration: local-storage keys (the same as VoceChat's) and constants. */
import { CLIENT_SUB_VERSION, CLIENT_VERSION } from "@parley/protocol";

export const KEY_TOKEN = "VOCECHAT_TOKEN";
export const KEY_REFRESH_TOKEN = "VOCECHAT_REFRESH_TOKEN";
export const KEY_EXPIRE = "VOCECHAT_TOKEN_EXPIRE";
export const KEY_UID = "VOCECHAT_CURR_UID";
export const KEY_LOGIN_USER = "VOCECHAT_LOGIN_USER";
export const KEY_DEVICE_KEY = "VOCECHAT_DEVICE_KEY";
export const KEY_TRY_PATH = "VOCECHAT_TRY_PATH";
export const KEY_MAGIC_TOKEN = "VOCECHAT_MAGIC_TOKEN";
export const KEY_AFTER_MID = "VOCECHAT_AFTER_MID";
export const KEY_USERS_VERSION = "VOCECHAT_USERS_VERSION";
export const KEY_THEME = "theme";

export const API_BASE = "/api";
export const VERSION = CLIENT_VERSION;
export const SUB_VERSION = CLIENT_SUB_VERSION;

/**
 * Endpoints called without `X-API-Key` (spec §7 public endpoints). The names are RTK Query
 * endpoint names; a renewal is never attempted before them.
 */
export const PUBLIC_ENDPOINTS: readonly string[] = [
  "guestLogin",
  "login",
  "register",
  "sendLoginMagicLink",
  "sendRegMagicLink",
  "checkEmail",
  "checkMagicToken",
  "getGoogleAuthConfig",
  "getGithubAuthConfig",
  "getSMTPStatus",
  "getLoginConfig",
  "getServerVersion",
  "getServer",
  "getOpenid",
  "getMetamaskNonce",
  "renew",
  "getInitialized",
  "createAdmin",
  "getBotRelatedChannels",
  "sendMessageByBot",
  "getAgoraVoicingList",
  "preCheckFileFromUrl",
];

/** A 401 on these does not end the session (login failures are expected to 401). */
export const NO_LOGOUT_ON_401: readonly string[] = ["login", "guestLogin", "getAgoraVoicingList", "renew"];

/** Endpoints whose 403 is handled by the caller (spec §8). */
export const NO_TOAST_403: readonly string[] = ["login", "sendChannelMsg", "sendMsg", "createAdmin"];

/** Endpoints whose 404 is handled by the caller or silent (spec §8, plus optional routes). */
export const NO_TOAST_404: readonly string[] = [
  "login",
  "getArchiveMessage",
  "preCheckFileFromUrl",
  "deleteMessage",
  "deleteMessages",
  "getWidgetExtCSS",
  "getServerVersion",
  "getLoginConfig",
  "getInitialized",
];

/** Endpoints that handle every error themselves (no generic toast at all). */
/**
 * Endpoints whose failures are not toasted. `logout`: the server kicks this device's stream
 * while it answers, the kick resets the session (and the API state, which aborts the request),
 * and being logged out locally is all that matters.
 */
export const SILENT_ENDPOINTS: readonly string[] = ["getInitialized", "getServerVersion", "getLoginConfig", "logout"];
