import * as z from "zod";
import * as s from "./shapes.js";

/**
 * What each `/api` route answers on success, for the OpenAPI document (`document.ts`): the JSON
 * shape as a zod schema, or text, a file, or an empty 200 ("Bare answers" of docs/API.md). These
 * are documentation only: the routes send their answers themselves (`http/reply.ts`, plain
 * `JSON.stringify`), never through a response serializer, so nothing here can change the wire.
 * `openapi.test.ts` validates real answers against the document and fails for a route missing here.
 */
export interface RouteResponse {
  /** The operation's summary and the 2xx answer's description. */
  summary: string;
  /** A JSON answer. */
  json?: z.ZodType;
  /** A text answer (`text/plain`, or the type given). */
  text?: string;
  /** A file or picture: its content types. */
  file?: string[];
  /** An event stream. */
  stream?: true;
}

const json = (summary: string, schema: z.ZodType): RouteResponse => ({ summary, json: schema });
const text = (summary: string, type = "text/plain"): RouteResponse => ({ summary, text: type });
const empty = (summary: string): RouteResponse => ({ summary });
const file = (summary: string, types = ["application/octet-stream"]): RouteResponse => ({ summary, file: types });

const mid = z.number().int().describe("the new message's mid");

const widgetTheme = { color: z.string(), position: z.enum(["right", "left"]), title: z.string(), welcome: z.string(), logo_url: z.string() };
const widgetSettings = z.object({ ...widgetTheme, allowed_origins: z.array(z.string()) });
const widgetPublicConfig = z.object({ ...widgetTheme, host: z.object({ uid: z.number().int(), name: z.string(), is_bot: z.boolean(), avatar_updated_at: z.number().int() }) });
const pageApiKey = z.object({ key: z.string() });

const agoraConfig = z.object({ enabled: z.boolean(), url: z.string(), project_id: z.string(), app_id: z.string(), app_certificate: z.string(), rtm_key: z.string(), rtm_secret: z.string() });
const agoraToken = z.object({ agora_token: z.string(), app_id: z.string(), uid: z.number().int(), channel_name: z.string(), expired_in: z.number().int() });
const agoraChannels = z.object({ success: z.boolean(), data: z.object({ channels: z.array(z.object({ channel_name: z.string(), user_count: z.number().int() })), total_size: z.number().int() }) });
const agoraChannelUsers = z.object({ success: z.boolean(), data: z.object({ channel_exist: z.boolean(), users: z.array(z.number().int()).optional() }) });
const iceServer = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() });
const callConfig = z.object({ media: z.enum(["builtin", "agora"]), ice_servers: z.array(iceServer), ice_transport_policy: z.enum(["all", "relay"]), max_participants: z.number().int() });
const callSettings = z.object({ stun_urls: z.array(z.string()), turn_urls: z.array(z.string()), turn_secret: z.string(), turn_ttl_s: z.number().int(), max_participants: z.number().int(), relay_only: z.boolean(), media: z.enum(["builtin", "agora"]) });
const callParticipant = z.object({ uid: z.number().int(), joined_at: z.number().int(), audio: z.boolean(), video: z.boolean(), screen: z.boolean() });
const callRoom = z.object({ room: z.string(), gid: z.number().int().nullable(), dm: z.tuple([z.number().int(), z.number().int()]).nullable(), started_by: z.number().int(), started_at: z.number().int(), ringing: z.number().int().nullable(), participants: z.array(callParticipant), version: z.number().int() });
const agoraUsages = z.object({ usages: z.array(z.object({ date: z.number().int(), usage: z.object({ duration_audio_all: z.number(), duration_video_hd: z.number(), duration_video_hdp: z.number() }) })) });
const voceSpaceConfig = z.object({ enabled: z.boolean(), url: z.string(), license: z.string(), password: z.string(), server_type: z.string(), additional_domains: z.record(z.string(), z.boolean()) });

const fcmConfig = z.object({
  enabled: z.boolean(),
  use_official: z.boolean(),
  token_url: z.string(),
  send_url: z.string(),
  project_id: z.string(),
  private_key: z.string(),
  client_email: z.string(),
});
const enabledChannelType = z.object({ id: z.number().int(), channel_type: z.string(), enabled: z.boolean(), created_at: z.number().int(), updated_at: z.number().int() });
const channelSchema = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  fields: z.array(
    z.object({
      name: z.string(),
      type: z.enum(["text", "url", "number", "textarea", "select"]),
      label: z.string(),
      placeholder: z.string().optional(),
      required: z.boolean(),
      description: z.string().optional(),
      options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    }),
  ),
});
const notificationChannel = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  channel_type: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  config: z.record(z.string(), z.union([z.string(), z.number()])),
  trigger_on_all_messages: z.boolean(),
  trigger_on_mentions: z.boolean(),
  trigger_on_groups: z.array(z.number().int()),
  skip_when_online: z.boolean(),
  rate_limit_rps: z.number().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
const png = ["image/png"];

/** By `"METHOD /api/path"` (Fastify's path syntax: `:uid`, `*`). */
export const RESPONSES: Record<string, RouteResponse> = {
  // System settings
  "GET /api/admin/system/common": json("The server's common settings", s.systemCommon),
  "PUT /api/admin/system/common": json("Changes common settings; answers them all", s.systemCommon),
  "GET /api/admin/system/organization": json("The organization's name and description, and the server id", s.organization),
  "PUT /api/admin/system/organization": empty("Changes the organization's name and description"),
  "POST /api/admin/system/organization": empty("Changes the organization's name and description (as PUT)"),
  "DELETE /api/admin/system/message/clear": empty("Deletes every message of the server"),
  "GET /api/admin/system/data_summary": json("How many messages and files the server holds", s.dataSummary),
  "GET /api/admin/smtp/enabled": json("Whether mail can be sent", z.boolean()),
  "GET /api/admin/smtp/config": json("The SMTP settings (password masked)", s.smtpConfig),
  "POST /api/admin/smtp/config": empty("Changes the SMTP settings"),
  "POST /api/admin/system/send_mail": empty("Sends a test mail"),
  "GET /api/admin/system/third_party_secret": text("The third-party login secret"),
  "POST /api/admin/system/third_party_secret": text("Makes a new third-party login secret"),
  "GET /api/admin/system/frontend_url": text("The URL mailed links point to"),
  "POST /api/admin/system/update_frontend_url": empty("Changes the URL mailed links point to"),
  "GET /api/admin/system/initialized": json("Whether the server has its first admin", z.boolean()),
  "GET /api/admin/system/version": text("The server's version"),
  "GET /api/admin/cloudflared/status": json("No Cloudflare tunnel: always idle (not available on Parley)", z.object({ status: z.literal("idle"), url: z.null(), error: z.null() })),
  "POST /api/admin/cloudflared/start": text("One `error` event saying tunnels are not available (the client's progress stream)", "text/event-stream"),
  "POST /api/admin/cloudflared/stop": empty("Nothing to stop"),
  "GET /api/admin/cloudflared/auto_info": json(
    "No tunnel set up automatically",
    z.object({ auto_cftunnel: z.literal(false), tunnel_status: z.object({ status: z.literal("idle"), url: z.null() }) }),
  ),
  "GET /api/admin/cloudflared/auto_stream": text("One `error` event saying tunnels are not available", "text/event-stream"),
  "GET /api/admin/system/metrics": json(
    "Accounts, channels and members online, and the version",
    z.object({ user_count: z.number().int(), group_count: z.number().int(), online_user_count: z.number().int(), version: z.string() }),
  ),
  "POST /api/admin/system/create_admin": json("Creates the first admin (onboarding)", s.userInfo),
  "GET /api/admin/login/config": json("The login methods", s.loginConfig),
  "POST /api/admin/login/config": empty("Changes the login methods"),
  "GET /api/admin/system/files": json("Every file sent in a message, newest first", z.array(s.adminFile)),
  "GET /api/admin/audit_log": json("The audit log, newest first", z.array(s.auditEntry)),

  // Identity and sessions
  "POST /api/user/register": json("Creates an account and signs it in", s.loginResponse),
  "GET /api/user/check_email": json("Whether an e-mail address is free", z.boolean()),
  "POST /api/user/check_magic_token": json("Whether a magic token is valid", z.boolean()),
  "POST /api/user/send_reg_magic_link": json("Mails a registration link", s.sendRegMagicLink),
  "POST /api/user/send_login_magic_link": text("Mails a sign-in link"),
  "POST /api/token/login": json("Signs in", s.loginResponse),
  "GET /api/token/login_guest": json("Signs in as a guest", s.loginResponse),
  "POST /api/token/renew": json("Renews the session's tokens", s.renewResponse),
  "GET /api/token/logout": empty("Signs this device out"),
  "GET /api/token/credentials": json("The sign-in methods of the caller's account", s.credentials),
  "POST /api/token/openid/authorize": json("The OIDC provider's authorization URL (state, nonce, PKCE)", z.object({ url: z.string() })),
  "POST /api/token/bind": empty("Links a Google, GitHub or OIDC account to the caller's"),
  "POST /api/token/unbind": empty("Unlinks one of the caller's linked accounts"),
  "GET /api/token/identities": json(
    "The caller's linked Google, GitHub and OIDC accounts",
    z.array(z.object({ type: z.enum(["google", "github", "oidc"]), issuer: z.string(), email: z.string().nullable(), created_at: z.number().int() })),
  ),
  "GET /api/admin/google_auth/config": json("Google sign-in's OAuth client", z.object({ client_id: z.string() })),
  "POST /api/admin/google_auth/config": empty("Changes Google sign-in's OAuth client"),
  "GET /api/admin/google_auth/public_config": json("Google sign-in's client id, for the login page", z.object({ client_id: z.string() })),
  "GET /api/admin/github_auth/config": json("GitHub sign-in's OAuth app (secret masked)", z.object({ client_id: z.string(), client_secret: z.string() })),
  "POST /api/admin/github_auth/config": empty("Changes GitHub sign-in's OAuth app"),
  "GET /api/admin/github_auth/public_config": json("GitHub sign-in's client id and authorize URL, for the login page", z.object({ client_id: z.string(), authorize_url: z.string() })),
  "POST /api/token/create_third_party_key": json("A one-time key for a third-party login", z.string()),
  "PUT /api/token/device_token": empty("Sets this device's push token"),
  "GET /api/token/metamask/nonce": json("A nonce for the wallet to sign (MetaMask sign-in)", z.string()),
  "POST /api/token/passkey/register/start": json("Options to make a passkey for the caller", s.passkeyChallenge),
  "POST /api/token/passkey/register/finish": json("Verifies and stores the caller's new passkey", s.passkeyInfo),
  "POST /api/token/passkey/auth/start": json("Options to sign in with a passkey", s.passkeyChallenge),
  "POST /api/token/passkey/auth/finish": json("Signs in with a passkey", s.loginResponse),
  "GET /api/token/passkey/list": json("The caller's passkeys", z.array(s.passkeyInfo)),
  "DELETE /api/token/passkey/:credential_id": empty("Removes one of the caller's passkeys"),

  // The caller's account
  "PUT /api/user": json("Changes the caller's profile", s.userInfo),
  "POST /api/user/change_password": empty("Changes the caller's password"),
  "DELETE /api/user/delete": empty("Deletes the caller's account"),
  "GET /api/user/devices": json("The caller's signed-in devices", z.array(z.string())),
  "DELETE /api/user/devices/:device": empty("Signs one of the caller's devices out"),
  "PUT /api/user/update_fcm_token": empty("Sets this device's push token"),
  "GET /api/user/push/vapid_public_key": json("The server's VAPID public key (Web Push)", z.object({ public_key: z.string() })),
  "POST /api/user/push/subscriptions": json("Registers this browser's Web Push subscription", z.object({ id: z.number().int() })),
  "DELETE /api/user/push/subscriptions": empty("Removes one of the caller's Web Push subscriptions"),
  "GET /api/user/push/subscriptions": json(
    "The caller's Web Push subscriptions, without keys",
    z.array(z.object({ id: z.number().int(), endpoint_origin: z.string(), device: z.string().nullable(), created_at: z.number().int() })),
  ),
  "POST /api/user/avatar": empty("Sets the caller's picture"),
  "GET /api/user/me": json("The caller's account", s.userInfo),
  "POST /api/user/mute": empty("Mutes and unmutes conversations"),
  "POST /api/user/burn-after-reading": empty("Sets conversations' message expiry"),
  "POST /api/user/read-index": empty("Marks conversations read up to a message"),
  "POST /api/user/pin_chat": empty("Pins a conversation"),
  "POST /api/user/unpin_chat": empty("Unpins a conversation"),
  "POST /api/user/typing": empty("Tells a conversation the caller is typing"),

  // Users and contacts
  "GET /api/user": json("Every account the caller may see", z.array(s.userInfo)),
  "GET /api/user/:uid": json("One account", s.userInfo),
  "POST /api/user/search": json("Finds an account by id, e-mail or name", s.userInfo),
  "GET /api/user/contacts": json("The caller's contacts", z.array(s.contact)),
  "POST /api/user/update_contact_status": empty("Adds, blocks, unblocks or removes a contact"),
  "PUT /api/user/contact_remark": empty("Sets the caller's private remark on a contact"),
  "GET /api/user/contact_remarks": json("The caller's remarks on contacts", z.array(z.object({ contact_uid: z.number().int(), remark: z.string() }))),
  "POST /api/user/:uid/send": json("Sends a direct message", mid),
  "GET /api/user/:uid/history": json("A direct conversation's messages, oldest first", z.array(s.chatMessage)),
  "GET /api/user/events": { summary: "The event stream (Server-Sent Events; the token in `api-key`)", stream: true },

  // Admin: accounts
  "GET /api/admin/user": json("Every account", z.array(s.adminUser)),
  "POST /api/admin/user": json("Creates an account (a bot with `is_bot`)", s.adminUser),
  "GET /api/admin/user/:uid": json("One account", s.adminUser),
  "PUT /api/admin/user/:uid": json("Changes an account", s.adminUser),
  "DELETE /api/admin/user/:uid": empty("Deletes an account"),
  "POST /api/admin/user/:uid/avatar": empty("Sets an account's picture"),

  // Admin: bots and webhooks
  "POST /api/admin/user/bot-api-key/:uid": json("Makes a bot API key; the key is answered this once", z.string()),
  "GET /api/admin/user/bot-api-key/:uid": json("A bot's API keys (masked)", z.array(s.botApiKey)),
  "DELETE /api/admin/user/bot-api-key/:uid/:kid": empty("Revokes a bot API key"),
  "GET /api/admin/user/bot-webhook-secret/:uid": json("A bot's webhook signing secret", z.object({ secret: z.string() })),
  "POST /api/admin/user/bot-webhook-secret/:uid": json("Makes a bot a new webhook signing secret", z.object({ secret: z.string() })),
  "GET /api/admin/user/bot-webhook-deliveries/:uid": json("A bot's latest webhook deliveries", z.array(s.webhookDelivery)),
  "POST /api/admin/user/bot-webhook-deliveries/:uid/:id/retry": json("Sends a webhook delivery again now", s.webhookDelivery),
  "GET /api/admin/bot_chat/bots": json("Every bot account", z.array(s.userInfo)),
  "GET /api/admin/bot_chat/:bot_uid/conversations": json("A page of a bot's conversations, the most recently active first", s.botConversationPage),
  "GET /api/admin/bot_chat/:bot_uid/user/:uid/history": json("A bot's direct conversation with a user, oldest first", z.array(s.chatMessage)),
  "GET /api/admin/bot_chat/:bot_uid/group/:gid/history": json("A channel's messages, as the bot reads them, oldest first", z.array(s.chatMessage)),

  // Channels
  "POST /api/group": json("Creates a channel", z.object({ gid: z.number().int(), created_at: z.number().int() })),
  "GET /api/group": json("The channels the caller is in or may see", z.array(s.group)),
  "GET /api/group/create_reg_magic_link": text("A registration link to share"),
  "GET /api/group/create_invite_private_magic_link": text("An invitation link to a private channel"),
  "POST /api/user/join_private": json("Joins a private channel by its invitation", s.group),
  "GET /api/group/:gid": json("One channel", s.group),
  "PUT /api/group/:gid": empty("Changes a channel"),
  "DELETE /api/group/:gid": empty("Deletes a channel"),
  "POST /api/group/:gid/change_type": empty("Makes a channel public or private"),
  "GET /api/group/:gid/leave": empty("Leaves a channel"),
  "POST /api/group/:gid/members/add": empty("Adds members to a private channel"),
  "POST /api/group/:gid/members/remove": empty("Removes members from a private channel"),
  "POST /api/group/:gid/pin": empty("Pins a message"),
  "POST /api/group/:gid/unpin": empty("Unpins a message"),
  "DELETE /api/group/:gid/clear": empty("Deletes a channel's messages"),
  "GET /api/group/:gid/announcement": json("A channel's announcement", z.object({ announcement: s.announcement.nullable() })),
  "POST /api/group/:gid/announcement": json("Sets a channel's announcement", s.announcement),
  "DELETE /api/group/:gid/announcement": empty("Clears a channel's announcement"),
  "POST /api/group/:gid/avatar": empty("Sets a channel's picture"),
  "POST /api/group/:gid/send": json("Sends a message to a channel", mid),
  "GET /api/group/:gid/history": json("A channel's messages, oldest first", z.array(s.chatMessage)),

  // Messages
  "PUT /api/message/:mid/edit": json("Edits a message; answers the edit's mid", mid),
  "PUT /api/message/:mid/like": json("Reacts to a message; answers the reaction's mid", mid),
  "DELETE /api/message/:mid": json("Deletes a message; answers the deletion's mid", mid),
  "DELETE /api/message/bulk/*": json("Deletes messages (`*` is mids joined by commas); answers how many", z.number().int()),
  "POST /api/message/:mid/reply": json("Replies to a message", mid),
  "GET /api/message/search": json("Messages matching a text, newest first", z.array(s.chatMessage)),

  // Favorites, archives, files
  "POST /api/favorite": json("Saves messages as a favorite", s.favoriteArchive),
  "GET /api/favorite": json("The caller's favorites", z.array(s.favoriteArchive)),
  "GET /api/favorite/:id": json("One favorite", s.archive),
  "DELETE /api/favorite/:id": empty("Deletes a favorite"),
  "GET /api/favorite/attachment/:uid/:id/:attachment_id": file("A favorite's file or picture"),
  "POST /api/resource/archive": json("Archives messages (to forward them); answers the archive's path", z.string()),
  "GET /api/resource/archive": json("An archive", s.archive),
  "GET /api/resource/archive/attachment": file("An archive's file or picture"),
  "POST /api/resource/file/prepare": json("Registers an upload; answers its file id", z.string()),
  "POST /api/resource/file/upload": json("Uploads a chunk; the last one answers the stored file", s.uploadResult.nullable()),
  "GET /api/resource/file": file("A file sent in a message (ranges, thumbnails)"),
  "DELETE /api/resource/file/delete": empty("Deletes every file"),
  "GET /api/resource/avatar": file("An account's picture", png),
  "GET /api/resource/group_avatar": file("A channel's picture", png),
  "GET /api/resource/organization/logo": file("The server's logo", png),
  "POST /api/admin/system/organization/logo": empty("Sets the server's logo"),
  "GET /api/resource/widget-extra.css": text("The widget's custom style", "text/css"),
  "PUT /api/resource/widget-extra.css": empty("Sets the widget's custom style"),
  "GET /api/resource/open_graphic_parse": json("A link's preview (Open Graph)", s.openGraph),

  // The bot API (a bot API key in x-api-key)
  "GET /api/bot": json("The channels the bot is in", z.array(s.group)),
  "POST /api/bot/send_to_user/:uid": json("Sends a direct message as the bot", mid),
  "POST /api/bot/send_to_group/:gid": json("Sends a message to a channel as the bot", mid),
  "POST /api/bot/reply/:mid": json("Replies to a message as the bot", mid),
  "GET /api/bot/user/:uid": json("One account", s.userInfo),
  "GET /api/bot/group/:gid": json("One channel", s.group),
  "POST /api/bot/file/prepare": json("Registers an upload; answers its file id", z.string()),
  "POST /api/bot/file/upload": json("Uploads a chunk; the last one answers the stored file", s.uploadResult.nullable()),

  // Notifications: FCM and the notification channels (docs/API.md "FCM", "Notification channels")
  "GET /api/admin/fcm/config": json("The mobile apps' FCM settings (private key masked)", fcmConfig),
  "POST /api/admin/fcm/config": empty("Changes the FCM settings"),
  "GET /api/admin/notification/channel-types": json("The channel types an admin turned on or off", z.array(enabledChannelType)),
  "POST /api/admin/notification/channel-types": json("Turns a channel type on or off", enabledChannelType),
  "DELETE /api/admin/notification/channel-types/:type": empty("Forgets a channel type's setting (it reads off)"),
  "GET /api/user/notification/available-types": json("The channel types a user may add", z.array(z.object({ id: z.string(), name: z.string(), description: z.string() }))),
  "GET /api/user/notification/schemas": json("The forms of those types (Parley addition)", z.array(channelSchema)),
  "GET /api/user/notification/channels": json("The caller's notification channels (secrets masked)", z.array(notificationChannel)),
  "POST /api/user/notification/channels": json("Adds a notification channel", notificationChannel),
  "PUT /api/user/notification/channels/:id": json("Changes one of the caller's channels", notificationChannel),
  "DELETE /api/user/notification/channels/:id": empty("Deletes one of the caller's channels"),
  "POST /api/user/notification/channels/:id/test": json("Sends a test message through the channel (502: the service refused it)", z.object({ success: z.boolean(), message: z.string() })),

  // The embeddable widget and the admin's pages (docs/API.md "Widget (addition)")
  "GET /api/widget/config": json("What the widget of a host draws", widgetPublicConfig),
  "POST /api/widget/visitor": json("A new visitor account bound to the host, signed in", s.loginResponse),
  "GET /api/widget/messages": json("The visitor's conversation with the host, oldest first", z.array(s.chatMessage)),
  "GET /api/widget/events": { summary: "The visitor's event stream: its conversation's chat events", stream: true },
  "POST /api/widget/email_login": json("Mails a sign-in link; answers the token to poll with", z.object({ poll_token: z.string() })),
  "GET /api/widget/email_login/confirm": text("The page the mailed link opens", "text/html"),
  "POST /api/widget/email_login/poll": json("The visitor's session once the link was opened (204 before)", s.loginResponse),
  "POST /api/widget/login": json("Signs a member or a visitor with a password in to the widget, held to the host", s.loginResponse),
  "POST /api/widget/oauth": json("Starts a GitHub, OIDC or Google sign-in in a popup: its first page and the token to poll with", z.object({ url: z.string(), poll_token: z.string() })),
  "POST /api/widget/oauth/finish": json("Finishes the popup's sign-in (the widget's poll then gets the session); answers the widget's origin to tell", z.object({ origin: z.string().nullable() })),
  "GET /api/admin/widget/config": json("The widget's look and the sites that may embed it", widgetSettings),
  "PUT /api/admin/widget/config": json("Changes the widget's settings", widgetSettings),
  "GET /api/page/apikey": json("The pages' API key", pageApiKey),
  "POST /api/page/apikey": json("A new pages' API key", pageApiKey),
  "GET /api/page/:name": text("The landing or after-sign-in page, as text"),
  "PUT /api/page/:name": empty("Sets a page (text/plain)"),
  "DELETE /api/page/:name": empty("Deletes a page"),

  // Agora calls and VoceSpace (docs/API.md "Agora")
  "GET /api/admin/agora/enabled": json("Whether Agora calls are configured and on", z.boolean()),
  "GET /api/admin/agora/config": json("The Agora settings (secrets masked for admins, empty for others)", agoraConfig),
  "POST /api/admin/agora/config": empty("Changes the Agora settings"),
  "GET /api/group/:gid/agora_token": json("An RTC token for the channel's call", agoraToken),
  "POST /api/admin/agora/token": json("An RTC token for a channel's call ({gid}) or a DM's ({uid})", agoraToken),
  "GET /api/admin/agora/channel/:page_no/:page_size": json("The calls going on now that the caller may know about", agoraChannels),
  "GET /api/admin/agora/channel/user/:channel_name/:hosts_only": json("Who is in one call", agoraChannelUsers),
  "GET /api/admin/agora/usages": json("Minutes of calls per day, from Agora", agoraUsages),
  "GET /api/admin/vocespace/config": json("The VoceSpace settings (password and license masked)", voceSpaceConfig),
  "POST /api/admin/vocespace/config": empty("Changes the VoceSpace settings"),
  "GET /api/admin/vocespace/health/:url": json("Whether a VoceSpace server answers at the address", z.boolean()),

  // Built-in calls (docs/API.md "Calls (addition)")
  "GET /api/call/config": json("The ICE servers (TURN with time-limited credentials) and the room size limit", callConfig),
  "GET /api/call/rooms": json("The calls going on in conversations the caller may join", z.array(callRoom)),
  "POST /api/call/join": json("Starts or joins a channel's or a DM's call; answers the room", callRoom),
  "POST /api/call/leave": empty("Leaves a call (the last one out ends it)"),
  "POST /api/call/decline": empty("Declines a DM call that rings the caller"),
  "POST /api/call/signal": empty("Relays an SDP offer/answer or ICE candidate to one participant"),
  "POST /api/call/media": json("Sets the caller's audio, video and screen flags; answers the room", callRoom),
  "GET /api/admin/call/config": json("The built-in calls' settings (TURN secret masked)", callSettings),
  "POST /api/admin/call/config": empty("Changes the built-in calls' settings"),

  // License
  "GET /api/license": json("The installed license, or the unlimited community license", s.license),
  "POST /api/license/check": json("Reads and verifies a license without installing it", s.license),
  "PUT /api/license": json("Installs a license", z.literal(true)),

  // This document
  "GET /api/spec": json("This OpenAPI document", z.record(z.string(), z.unknown())),
  "GET /api/swagger": text("Swagger UI for this document", "text/html"),
  "GET /api/swagger/:file": file("Swagger UI's scripts and style", ["text/javascript", "text/css"]),
};
