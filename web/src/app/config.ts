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
/** The stored UI language (i18next's key, as VoceChat). */
export const KEY_LANGUAGE = "i18nextLng";
export const KEY_SERVER_VERSION = "VOCECHAT_SERVER_VERSION";
export const KEY_PWA_INSTALLED = "VOCECHAT_PWA_INSTALLED";
export const KEY_MOBILE_APP_TIP = "VOCECHAT_MOBILE_APP_TIP";
/** Prefix of the composer drafts, one key per conversation (`VOCECHAT_DRAFT_channel:1`). */
export const KEY_DRAFT_PREFIX = "VOCECHAT_DRAFT_";
/** sessionStorage: a Google id_token on its way back from the sign-in redirect. */
export const KEY_GOOGLE_ID_TOKEN = "parley:google_id_token";

export const API_BASE = "/api";
export const VERSION = CLIENT_VERSION;
export const SUB_VERSION = CLIENT_SUB_VERSION;

/**
 * The only addresses outside this server the client knows: the VoceChat mobile apps (the
 * mobile invite page, the mobile-app toast) and the help entry of the home screen. They are plain
 * links the user follows; the client never loads anything from them (the CSP would refuse).
 */
export const EXTERNAL_LINKS = {
  androidStore: "https://play.google.com/store/apps/details?id=com.privoce.vocechatclient",
  androidApk: "https://s.voce.chat/vocechat.android.apk",
  iosStore: "https://apps.apple.com/app/vocechat/id1631779678",
  help: "https://doc.voce.chat",
} as const;

/** Where the OAuth sign-ins send the browser (a navigation, not a request of the client). */
export const EXTERNAL_OAUTH = {
  google: "https://accounts.google.com/o/oauth2/v2/auth",
  github: "https://github.com/login/oauth/authorize",
} as const;

/** The mobile app's deep link for an invitation (or the server) link. */
export const appDeepLink = (link: string) => `vocechat://i?magic_link=${encodeURIComponent(link)}`;

/** Feature gates on the server version (docs/API.md "Version"). */
export const MIN_VERSION = {
  organizationPut: "0.3.8",
  newFiles: "0.3.11",
  dataManagement: "0.3.10",
  adminOptions: "0.3.50",
  widget: "0.4.0",
  remarks: "0.5.0",
} as const;

/**
 * Endpoints called without `X-API-Key` (the Auth column `–`, docs/API.md "Authentication"). The
 * names are RTK Query endpoint names; a renewal is never attempted before them.
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
export const NO_LOGOUT_ON_401: readonly string[] = ["login", "guestLogin", "getAgoraVoicingList", "renew", "removeDevice"];

/** Endpoints whose 403 is handled by the caller (docs/ARCHITECTURE.md "Client rules": errors). */
export const NO_TOAST_403: readonly string[] = [
  "login",
  "sendChannelMsg",
  "sendMsg",
  "createAdmin",
  "guestLogin",
  "register",
  "sendLoginMagicLink",
  "sendRegMagicLink",
  "joinPrivateChannel",
];

/**
 * Endpoints whose 404 is handled by the caller or silent (docs/ARCHITECTURE.md "Client rules":
 * errors, plus optional routes).
 */
export const NO_TOAST_404: readonly string[] = [
  // a private channel is hidden from non-members (invite page, a channel not yet joined)
  "getChannel",
  "login",
  "getArchiveMessage",
  "preCheckFileFromUrl",
  "deleteMessage",
  "deleteMessages",
  "getWidgetExtCSS",
  "getServerVersion",
  "getLoginConfig",
  "getInitialized",
  "getSMTPStatus",
  "getGoogleAuthConfig",
  "getGithubAuthConfig",
  "checkMagicToken",
  "createInviteLink",
  "createPrivateInviteLink",
  "joinPrivateChannel",
  "guestLogin",
  "register",
  "sendLoginMagicLink",
  "sendRegMagicLink",
  "checkEmail",
];

/**
 * Endpoints whose failures are not toasted. `logout`: the server kicks this device's stream
 * while it answers, the kick resets the session (and the API state, which aborts the request),
 * and being logged out locally is all that matters.
 */
export const SILENT_ENDPOINTS: readonly string[] = [
  "getInitialized",
  "getServerVersion",
  "getLoginConfig",
  "logout",
  // a third-party sign-in's callback page says what failed itself (routes/callback/IdpCallback.tsx)
  "loginIdp",
  // returned silently, or logged only
  "preCheckFileFromUrl",
  "getFavoriteDetails",
  "getOGInfo",
  "getArchiveMessage",
  "getServer",
  "getSystemCommon",
  "getAgoraVoicingList",
  "getLicense",
  "getSMTPStatus",
  "getGoogleAuthConfig",
  "getGithubAuthConfig",
  // failed mute and burn-after-reading updates are silently ignored (nothing changes locally)
  "updateMuteSetting",
  "updateAutoDeleteSetting",
  // The read index is sent in the background; a failed one is retried by the next.
  "updateReadIndex",
  // failed contact updates are silently ignored (the status stays as it was)
  "getContacts",
  "updateContactStatus",
  "getRemarks",
  // A typing notice is best effort: a refusal (blocked, read-only channel) is not the user's concern.
  "sendTyping",
  // Onboarding and the Members page show the server's refusal beside the form instead
  // (the endpoints of lazily loaded screens declare it themselves: `SILENT` in base.query.ts).
  "createUser",
];
