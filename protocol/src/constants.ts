/**
 * Business constants of the VoceChat client and server defaults, shared by server and client
 * (docs/API.md, docs/ARCHITECTURE.md "Client rules").
 */

/**
 * The VoceChat server version Parley reports; clients gate features on it (docs/API.md,
 * "Version"): the release that brought the last of the gated features Parley serves. 0.5.13:
 * everything up to passkeys (0.5.5), Agora (0.5.6), VoceSpace (0.5.8), notification channels
 * (0.5.11) and announcements (0.5.13). Not 0.5.19: from there the real client offers to start
 * a Cloudflare tunnel, which Parley answers as not available.
 */
export const SERVER_VERSION = "0.5.13";
export const CLIENT_VERSION = "0.9.20";
export const CLIENT_SUB_VERSION = "0.4.3";

/** SSE: keep-alive comment every 5 s, `heartbeat` every 15 s; clients reconnect after 20 s. */
export const SSE_KEEPALIVE_MS = 5_000;
export const SSE_HEARTBEAT_MS = 15_000;
export const SSE_CLIENT_TIMEOUT_MS = 20_000;
export const SSE_RECONNECT_DELAY_MS = 2_000;
export const SSE_RETURN_RECONNECT_DELAY_MS = 1_500;
export const HIDDEN_FORCE_RECONNECT_S = 86_400;
/** The backlog limit the web client asks for. */
export const EVENT_HISTORY_LIMIT = 500;
/** The server's ceiling for the backlog of one connect (VoceChat's cap). */
export const EVENT_BACKLOG_MAX = 5_000;

export const ACCESS_TOKEN_TTL_S = 300;
export const REFRESH_TOKEN_TTL_S = 604_800;
export const TOKEN_RENEW_MARGIN_MS = 20_000;
export const MAGIC_LINK_TTL_S = 900;

export const HISTORY_PAGE_SIZE = 100;
/** Default history page when the client gives no `limit` (docs/API.md "History"). */
export const HISTORY_DEFAULT_LIMIT = 300;
export const HISTORY_MAX_LIMIT = 1_000;

/** The web client's upload chunk, 1,000,000 bytes (docs/API.md "Files"). */
export const UPLOAD_CHUNK_SIZE = 1_000_000;

export const THUMBNAIL_MIN = 200;
export const THUMBNAIL_MAX = 320;
export const SIZE_UNIT = 1_000;
export const AVATAR_INITIALS_MAX = 4;

/** Auto-delete messages options in seconds (0 = off). */
export const AUTO_DELETE_MESSAGE_OPTIONS = [0, 300, 600, 3_600, 86_400, 604_800] as const;
export const FILE_EXPIRY_MODES = ["Off", "Day1", "Day7", "Day30", "Day90", "Day180"] as const;
export const EMAIL_NOTIFY_DELAYS_S = [300, 900, 3_600, 10_800, 43_200] as const;
export const INVITE_EXPIRY_OPTIONS_S = [1_800, 3_600, 21_600, 43_200, 86_400, 604_800, 2_592_000] as const;
export const INVITE_MAX_TIMES_OPTIONS = [10_000_000, 1, 5, 10, 25, 50, 100] as const;

export const SERVER_ICON_MAX_BYTES = 5_000_000;
export const LICENSE_UPGRADED_USER_LIMIT = 20;
export const PRO_PRICE_USD = 49;

export const THEMES = ["auto", "dark", "light"] as const;
export const CHAT_LAYOUTS = ["Left", "SelfRight"] as const;

export const TOAST_ERROR_MS = 4_000;
export const TOAST_SUCCESS_MS = 2_000;
export const TOAST_LIMIT = 20;
export const LOADING_RELOAD_AFTER_MS = 30_000;
export const LOADING_AUTO_RELOAD_MS = 5_000;
export const COPIED_FLAG_MS = 500;
export const TEMP_MESSAGE_REMOVE_MS = 300;

/** Translation namespaces. */
export const I18N_NAMESPACES = ["common", "chat", "member", "setting", "fav", "file", "welcome", "auth", "widget"] as const;
