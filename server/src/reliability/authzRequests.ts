import sharp from "sharp";
import { LOGO_MIN_SIDE } from "../files/images.js";
import { multipart } from "../test/uploads.js";
import { AGORA_CONFIG, NOTIFY_CHANNEL, TINY_PNG, type World } from "./routeFixture.js";
import type { Session } from "../test/harness.js";
import { ADMIN } from "../test/factories.js";
import { licenseKeys, makeLicense } from "../test/license.js";

/**
 * A valid request for every /api route, per caller, so the authorization matrix
 * (`authz.test.ts`, docs/API.md "Who may call each route") sees what authorization decides and
 * not what validation does. `authz.test.ts` checks each of these against the route's schemas in
 * `routeSchemas.ts`. What each request names is said in docs/API.md above the table: the private
 * channel `secret` of `owner`, its message by `owner`, `owner`'s favorite, archive and upload,
 * `nonMember` as the target of the admin's account routes, and the caller's own account.
 */
export type Role = "anonymous" | "guest" | "member" | "non-member" | "owner" | "bot" | "admin";
export const ROLES: Role[] = ["anonymous", "guest", "member", "non-member", "owner", "bot", "admin"];

export interface ValidRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON value, or a string / Buffer sent as is with `contentType`. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Call {
  w: World;
  /** The caller's session; null when anonymous. */
  me: Session | null;
  role: Role;
  /** A fresh suffix for names and e-mails that must be unique. */
  n: number;
  /** The third-party secret (`X-SECRET`). */
  secret: string;
  /** A private-channel invitation of `secret`, made by `owner`. */
  inviteToken: string;
}

const TEXT = "text/plain";

/** The license key the matrix's server verifies against, and a license it accepts (no real limit). */
export const AUTHZ_LICENSE_KEYS = licenseKeys();
const AUTHZ_LICENSE = makeLicense(AUTHZ_LICENSE_KEYS, { user_limit: 1_000_000 });

/** A wallet address, and WebAuthn responses of the right shape (docs/API.md "MetaMask and passkeys"). */
const WALLET = "0xabababababababababababababababababababab";
const FAKE_REGISTRATION = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" }, clientExtensionResults: {} };
const FAKE_AUTHENTICATION = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" }, clientExtensionResults: {} };

/** The person a caller talks to directly: `owner`, or for `owner` itself, `member`. */
const peer = ({ w, role }: Call) => (role === "owner" ? w.member.uid : w.owner.uid);
const gid = ({ w }: Call) => ({ gid: String(w.secretGid) });
const mid = ({ w }: Call) => ({ mid: String(w.secretMid) });
const target = ({ w }: Call) => ({ uid: String(w.nonMember.uid) });
const png = { body: TINY_PNG, contentType: "image/png" };
/** The organization logo has a minimum size. */
const LOGO_PNG = await sharp({ create: { width: LOGO_MIN_SIDE, height: LOGO_MIN_SIDE, channels: 4, background: "#3366cc" } }).png().toBuffer();

export const VALID_REQUESTS: Record<string, (c: Call) => ValidRequest> = {
  "GET /api/admin/system/common": () => ({}),
  "PUT /api/admin/system/common": () => ({ body: { search_user_enable: true } }),
  "GET /api/admin/system/organization": () => ({}),
  "PUT /api/admin/system/organization": () => ({ body: { name: "Parley" } }),
  "POST /api/admin/system/organization": () => ({ body: { name: "Parley" } }),
  "DELETE /api/admin/system/message/clear": () => ({}),
  "GET /api/admin/system/data_summary": () => ({}),
  "GET /api/admin/smtp/enabled": () => ({}),
  "GET /api/license": () => ({}),
  "GET /api/admin/agora/enabled": () => ({}),
  "GET /api/admin/agora/config": () => ({}),
  "POST /api/admin/agora/config": () => ({ body: AGORA_CONFIG }),
  "GET /api/group/:gid/agora_token": ({ w }) => ({ params: { gid: String(w.secretGid) } }),
  "POST /api/admin/agora/token": ({ w }) => ({ body: { gid: w.secretGid } }),
  "GET /api/admin/agora/channel/:page_no/:page_size": () => ({ params: { page_no: "0", page_size: "100" } }),
  "GET /api/admin/agora/channel/user/:channel_name/:hosts_only": ({ w }) => ({ params: { channel_name: `vocechat:group:${w.secretGid}`, hosts_only: "false" } }),
  "GET /api/admin/agora/usages": () => ({ query: { from_date: "2026-11-01", to_date: "2026-11-02" } }),
  "GET /api/admin/vocespace/config": () => ({}),
  // Built-in calls (docs/API.md "Calls (addition)"): `secret`'s room; nobody is in it, so leaving, media and signals answer 404.
  "GET /api/call/config": () => ({}),
  "GET /api/call/rooms": () => ({}),
  "POST /api/call/join": ({ w }) => ({ body: { gid: w.secretGid } }),
  "POST /api/call/leave": ({ w }) => ({ body: { room: `group:${w.secretGid}` } }),
  "POST /api/call/decline": ({ w }) => ({ body: { room: `group:${w.secretGid}` } }),
  "POST /api/call/signal": ({ w }) => ({ body: { room: `group:${w.secretGid}`, to_uid: w.owner.uid, kind: "ice", data: { candidate: "" } } }),
  "POST /api/call/media": ({ w }) => ({ body: { room: `group:${w.secretGid}`, audio: true, video: false, screen: false } }),
  "GET /api/admin/call/config": () => ({}),
  "POST /api/admin/call/config": () => ({ body: { stun_urls: [], turn_urls: [], turn_secret: "", turn_ttl_s: 3600, max_participants: 6, relay_only: false } }),
  "POST /api/admin/vocespace/config": () => ({ body: { enabled: false, url: "" } }),
  "GET /api/admin/vocespace/health/:url": () => ({ params: { url: "http://127.0.0.1:9" } }),
  "POST /api/license/check": () => ({ body: { license: AUTHZ_LICENSE } }),
  "PUT /api/license": () => ({ body: { license: AUTHZ_LICENSE } }),
  "GET /api/admin/smtp/config": () => ({}),
  "POST /api/admin/smtp/config": () => ({ body: { enabled: false, host: "", from: "", username: "", password: "" } }),
  "POST /api/admin/system/send_mail": () => ({ body: { to: "someone@example.com", subject: "Hi", content: "hello" } }),
  "GET /api/admin/system/third_party_secret": () => ({}),
  "POST /api/admin/system/third_party_secret": () => ({}),
  "GET /api/admin/system/frontend_url": () => ({}),
  "POST /api/admin/system/update_frontend_url": () => ({ body: "https://chat.example.com", contentType: TEXT }),
  "GET /api/admin/system/initialized": () => ({}),
  "GET /api/admin/system/version": () => ({}),
  "GET /api/admin/system/metrics": () => ({}),
  "GET /api/admin/cloudflared/status": () => ({}),
  "POST /api/admin/cloudflared/start": () => ({}),
  "POST /api/admin/cloudflared/stop": () => ({}),
  "GET /api/admin/cloudflared/auto_info": () => ({}),
  "GET /api/admin/cloudflared/auto_stream": () => ({}),
  "POST /api/admin/system/create_admin": ({ n }) => ({ body: { email: `founder${n}@example.com`, name: `Founder${n}`, password: "founder-pass" } }),
  "GET /api/admin/login/config": () => ({}),
  "POST /api/admin/login/config": () => ({
    body: { who_can_sign_up: "EveryOne", guest: true, password: true, magic_link: true, google: false, github: false, oidc: [], metamask: true, third_party: true, passkey: true },
  }),
  "POST /api/user/register": ({ n }) => ({ body: { email: `new${n}@example.com`, password: "new-pass", name: `New${n}` } }),
  "GET /api/user/check_email": ({ n }) => ({ query: { email: `free${n}@example.com` } }),
  "POST /api/user/check_magic_token": () => ({ body: { magic_token: "not-a-token" } }),
  "POST /api/user/send_reg_magic_link": ({ n }) => ({ body: { magic_token: "", email: `new${n}@example.com`, password: "new-pass" } }),
  "POST /api/user/send_login_magic_link": ({ n }) => ({ query: { email: `new${n}@example.com` } }),
  "POST /api/token/login": () => ({ body: { credential: { type: "password", email: ADMIN.email, password: ADMIN.password }, device: "authz" } }),
  "GET /api/token/login_guest": () => ({}),
  // Anonymous callers renew `nonMember`'s session: the body is the credential.
  "POST /api/token/renew": ({ w, me }) => ({ body: { token: (me ?? w.nonMember).token, refresh_token: (me ?? w.nonMember).refresh_token } }),
  "GET /api/token/logout": () => ({}),
  "GET /api/token/credentials": () => ({}),
  "POST /api/token/openid/authorize": () => ({ body: { issuer: "id.example.com", redirect_uri: "https://chat.example.com/cb/oidc/login" } }),
  "POST /api/token/bind": () => ({ body: { credential: { type: "github", code: "code" } } }),
  "POST /api/token/unbind": () => ({ body: { type: "github" } }),
  "GET /api/token/identities": () => ({}),
  "GET /api/admin/google_auth/config": () => ({}),
  "POST /api/admin/google_auth/config": () => ({ body: { client_id: "" } }),
  "GET /api/admin/google_auth/public_config": () => ({}),
  "GET /api/admin/github_auth/config": () => ({}),
  "POST /api/admin/github_auth/config": () => ({ body: { client_id: "", client_secret: "" } }),
  "GET /api/admin/github_auth/public_config": () => ({}),
  "GET /api/token/metamask/nonce": () => ({ query: { public_address: WALLET } }),
  "POST /api/token/passkey/register/start": () => ({ body: { name: "Laptop" }, headers: { origin: "https://chat.example.com" } }),
  // A well-formed response to an unknown challenge: what the route decides before verifying (400).
  "POST /api/token/passkey/register/finish": () => ({ body: { challenge_id: "unknown", credential: FAKE_REGISTRATION, name: "Laptop" } }),
  "POST /api/token/passkey/auth/start": () => ({ body: {}, headers: { origin: "https://chat.example.com" } }),
  "POST /api/token/passkey/auth/finish": () => ({ body: { challenge_id: "unknown", authentication: FAKE_AUTHENTICATION } }),
  "GET /api/token/passkey/list": () => ({}),
  // Nobody has a passkey in the fixture: a member's delete is a 404.
  "DELETE /api/token/passkey/:credential_id": () => ({ params: { credential_id: "AAAA" } }),
  "POST /api/token/create_third_party_key": ({ secret, n }) => ({ headers: { "x-secret": secret }, body: { userid: `ext${n}`, username: `Ext${n}` } }),
  "PUT /api/user": () => ({ body: { language: "en-GB" } }),
  // Fixture users have no password yet: an empty old password sets one. The admin keeps its own.
  "POST /api/user/change_password": ({ role }) =>
    role === "admin" ? { body: { old_password: ADMIN.password, new_password: ADMIN.password } } : { body: { old_password: "", new_password: "changed-pass" } },
  "DELETE /api/user/delete": () => ({}),
  "GET /api/user/devices": () => ({}),
  "DELETE /api/user/devices/:device": ({ me, w }) => ({ params: { device: (me ?? w.owner).device } }),
  "PUT /api/token/device_token": () => ({ body: { device_token: "push-token" } }),
  "PUT /api/user/update_fcm_token": () => ({ body: "push-token", contentType: TEXT }),
  "GET /api/admin/fcm/config": () => ({}),
  "POST /api/admin/fcm/config": () => ({ body: { enabled: false, use_official: false, project_id: "", private_key: "", client_email: "" } }),
  "GET /api/admin/notification/channel-types": () => ({}),
  "POST /api/admin/notification/channel-types": () => ({ body: { channel_type: "bark", enabled: true } }),
  "DELETE /api/admin/notification/channel-types/:type": () => ({ params: { type: "bark" } }),
  "GET /api/user/notification/available-types": () => ({}),
  "GET /api/user/notification/schemas": () => ({}),
  "GET /api/user/notification/channels": () => ({}),
  "POST /api/user/notification/channels": () => ({ body: NOTIFY_CHANNEL }),
  "PUT /api/user/notification/channels/:id": ({ w }) => ({ params: { id: String(w.notifyChannelId) }, body: NOTIFY_CHANNEL }),
  "DELETE /api/user/notification/channels/:id": ({ w }) => ({ params: { id: String(w.notifyChannelId) } }),
  "POST /api/user/notification/channels/:id/test": ({ w }) => ({ params: { id: String(w.notifyChannelId) } }),
  "GET /api/user/push/vapid_public_key": () => ({}),
  // An https endpoint (never sent to: the fixture posts no message after it) and well-formed keys.
  "POST /api/user/push/subscriptions": ({ n }) => ({ body: { endpoint: `https://push.example.com/sub/${n}`, keys: { p256dh: Buffer.alloc(65, 4).toString("base64url"), auth: Buffer.alloc(16, 1).toString("base64url") } } }),
  // Nobody has subscribed this endpoint: a member's delete is a 404.
  "DELETE /api/user/push/subscriptions": () => ({ body: { endpoint: "https://push.example.com/none" } }),
  "GET /api/user/push/subscriptions": () => ({}),
  "POST /api/user/search": (c) => ({ body: { search_type: "id", keyword: String(peer(c)) } }),
  "GET /api/user/contacts": () => ({}),
  "POST /api/user/mute": ({ w }) => ({ body: { add_groups: [{ gid: w.secretGid }] } }),
  "POST /api/user/burn-after-reading": ({ w }) => ({ body: { groups: [{ gid: w.secretGid, expires_in: 60 }] } }),
  "POST /api/user/read-index": ({ w }) => ({ body: { groups: [{ gid: w.secretGid, mid: w.secretMid }] } }),
  "POST /api/user/pin_chat": ({ w }) => ({ body: { target: { gid: w.secretGid } } }),
  "POST /api/user/unpin_chat": ({ w }) => ({ body: { target: { gid: w.secretGid } } }),
  "POST /api/user/update_contact_status": (c) => ({ body: { target_uid: peer(c), action: "add" } }),
  "PUT /api/user/contact_remark": (c) => ({ body: { contact_uid: peer(c), remark: "colleague" } }),
  "GET /api/user/contact_remarks": () => ({}),
  "POST /api/user/typing": ({ w }) => ({ body: { target: { gid: w.secretGid } } }),
  "GET /api/user/me": () => ({}),
  "GET /api/user": () => ({}),
  "GET /api/user/:uid": (c) => ({ params: { uid: String(peer(c)) } }),
  "POST /api/user/:uid/send": (c) => ({ params: { uid: String(peer(c)) }, body: "hi", contentType: TEXT }),
  "GET /api/user/:uid/history": (c) => ({ params: { uid: String(peer(c)) } }),
  "GET /api/admin/user": () => ({}),
  "GET /api/admin/audit_log": () => ({ query: { limit: "10", action: "user" } }),
  "POST /api/admin/user": ({ n }) => ({ body: { email: `made${n}@example.com`, password: "made-pass", name: `Made${n}` } }),
  "GET /api/admin/user/:uid": (c) => ({ params: target(c) }),
  "PUT /api/admin/user/:uid": (c) => ({ params: target(c), body: { gender: 1 } }),
  "DELETE /api/admin/user/:uid": (c) => ({ params: target(c) }),
  "GET /api/admin/user/bot-webhook-secret/:uid": ({ w }) => ({ params: { uid: String(w.bot.uid) } }),
  "POST /api/admin/user/bot-webhook-secret/:uid": ({ w }) => ({ params: { uid: String(w.bot.uid) } }),
  "GET /api/admin/user/bot-webhook-deliveries/:uid": ({ w }) => ({ params: { uid: String(w.bot.uid) }, query: { limit: "10" } }),
  "POST /api/admin/user/bot-webhook-deliveries/:uid/:id/retry": ({ w }) => ({ params: { uid: String(w.bot.uid), id: String(w.botDelivery) } }),
  "POST /api/admin/user/bot-api-key/:uid": ({ w, n }) => ({ params: { uid: String(w.bot.uid) }, body: { name: `key${n}` } }),
  "GET /api/admin/user/bot-api-key/:uid": ({ w }) => ({ params: { uid: String(w.bot.uid) } }),
  "DELETE /api/admin/user/bot-api-key/:uid/:kid": ({ w }) => ({ params: { uid: String(w.bot.uid), kid: String(w.botKeyId) } }),
  "GET /api/admin/bot_chat/bots": () => ({}),
  "GET /api/admin/bot_chat/:bot_uid/conversations": ({ w }) => ({ params: { bot_uid: String(w.bot.uid) }, query: { limit: "10" } }),
  "GET /api/admin/bot_chat/:bot_uid/user/:uid/history": ({ w }) => ({ params: { bot_uid: String(w.bot.uid), uid: String(w.owner.uid) }, query: { limit: "10" } }),
  "GET /api/admin/bot_chat/:bot_uid/group/:gid/history": ({ w }) => ({ params: { bot_uid: String(w.bot.uid), gid: String(w.publicGid) }, query: { limit: "10" } }),
  // The bot routes take a bot key, which no caller of the matrix holds (routes/bot tests the key).
  "GET /api/bot": () => ({}),
  "POST /api/bot/send_to_user/:uid": (c) => ({ params: { uid: String(peer(c)) }, body: "hi", contentType: TEXT }),
  "POST /api/bot/send_to_group/:gid": (c) => ({ params: gid(c), body: "hi", contentType: TEXT }),
  "POST /api/bot/reply/:mid": (c) => ({ params: mid(c), body: "a reply", contentType: TEXT }),
  "GET /api/bot/user/:uid": (c) => ({ params: { uid: String(peer(c)) } }),
  "GET /api/bot/group/:gid": (c) => ({ params: gid(c) }),
  "POST /api/bot/file/prepare": () => ({ body: { filename: "notes.txt", content_type: "text/plain" } }),
  "POST /api/bot/file/upload": (c) => VALID_REQUESTS["POST /api/resource/file/upload"](c),
  "POST /api/group": ({ n }) => ({ body: { name: `room${n}` } }),
  "GET /api/group": () => ({}),
  "GET /api/group/create_reg_magic_link": () => ({}),
  "GET /api/group/create_invite_private_magic_link": ({ w }) => ({ query: { gid: String(w.secretGid) } }),
  "POST /api/user/join_private": ({ inviteToken }) => ({ body: { magic_token: inviteToken } }),
  "GET /api/group/:gid": (c) => ({ params: gid(c) }),
  "PUT /api/group/:gid": (c) => ({ params: gid(c), body: { description: "renamed" } }),
  "DELETE /api/group/:gid": (c) => ({ params: gid(c) }),
  "POST /api/group/:gid/change_type": (c) => ({ params: gid(c), body: { is_public: true } }),
  "GET /api/group/:gid/leave": (c) => ({ params: gid(c) }),
  "POST /api/group/:gid/members/add": (c) => ({ params: gid(c), body: [c.w.bot.uid] }),
  "POST /api/group/:gid/members/remove": (c) => ({ params: gid(c), body: [c.w.member.uid] }),
  "POST /api/group/:gid/pin": (c) => ({ params: gid(c), body: { mid: c.w.secretMid } }),
  "POST /api/group/:gid/unpin": (c) => ({ params: gid(c), body: { mid: c.w.pinnedMid } }),
  "DELETE /api/group/:gid/clear": (c) => ({ params: gid(c) }),
  "GET /api/group/:gid/announcement": (c) => ({ params: gid(c) }),
  "POST /api/group/:gid/announcement": (c) => ({ params: gid(c), body: { content: "news" } }),
  "DELETE /api/group/:gid/announcement": (c) => ({ params: gid(c) }),
  "POST /api/group/:gid/send": (c) => ({ params: gid(c), body: "hi", contentType: TEXT }),
  "GET /api/group/:gid/history": (c) => ({ params: gid(c) }),
  "PUT /api/message/:mid/edit": (c) => ({ params: mid(c), body: "edited", contentType: TEXT }),
  "PUT /api/message/:mid/like": (c) => ({ params: mid(c), body: { action: "👍" } }),
  "DELETE /api/message/:mid": (c) => ({ params: mid(c) }),
  "DELETE /api/message/bulk/*": (c) => ({ params: { "*": String(c.w.secretMid) } }),
  "POST /api/message/:mid/reply": (c) => ({ params: mid(c), body: "a reply", contentType: TEXT }),
  "GET /api/message/search": ({ w }) => ({ query: { keyword: "secret", gid: String(w.secretGid) } }),
  "POST /api/favorite": ({ w }) => ({ body: { mid_list: [w.secretMid] } }),
  "GET /api/favorite": () => ({}),
  "GET /api/favorite/:id": ({ w }) => ({ params: { id: w.favoriteId } }),
  "DELETE /api/favorite/:id": ({ w }) => ({ params: { id: w.favoriteId } }),
  "GET /api/favorite/attachment/:uid/:id/:attachment_id": ({ w }) => ({ params: { uid: String(w.owner.uid), id: w.favoriteId, attachment_id: "0" } }),
  "POST /api/resource/archive": ({ w }) => ({ body: { mid_list: [w.secretMid] } }),
  "GET /api/resource/archive": ({ w }) => ({ query: { file_path: w.archivePath } }),
  "GET /api/resource/archive/attachment": ({ w }) => ({ query: { file_path: w.archivePath, attachment_id: "0" } }),
  "POST /api/resource/file/prepare": () => ({ body: { filename: "notes.txt", content_type: "text/plain" } }),
  "POST /api/resource/file/upload": ({ w }) => {
    const { payload, headers } = multipart([
      ["file_id", w.uploadId],
      ["chunk_data", Buffer.from("more")],
      ["chunk_is_last", "true"],
    ]);
    return { body: payload, contentType: headers["content-type"] };
  },
  "GET /api/resource/file": ({ w }) => ({ query: { file_path: w.filePath } }),
  "GET /api/resource/avatar": ({ w }) => ({ query: { uid: String(w.owner.uid) } }),
  "GET /api/resource/group_avatar": ({ w }) => ({ query: { gid: String(w.secretGid) } }),
  "GET /api/resource/organization/logo": () => ({}),
  "DELETE /api/resource/file/delete": () => ({}),
  "GET /api/admin/system/files": () => ({}),
  "GET /api/resource/widget-extra.css": () => ({}),
  "PUT /api/resource/widget-extra.css": () => ({ body: { data: "body { margin: 0 }" } }),
  // The widget (docs/API.md "Widget"): `owner` hosts it; no caller is a visitor, so its own routes refuse them all.
  "GET /api/widget/config": ({ w }) => ({ query: { host_id: String(w.owner.uid) } }),
  "POST /api/widget/visitor": ({ w }) => ({ body: { host_id: w.owner.uid } }),
  "GET /api/widget/messages": () => ({}),
  "GET /api/widget/events": () => ({}),
  "GET /api/admin/widget/config": () => ({}),
  "PUT /api/admin/widget/config": () => ({ body: { allowed_origins: ["https://shop.example"], color: "#4f46e5", position: "right", title: "", welcome: "", logo_url: "" } }),
  "GET /api/page/apikey": () => ({}),
  "POST /api/page/apikey": () => ({}),
  "GET /api/page/:name": () => ({ params: { name: "landing" } }),
  "PUT /api/page/:name": () => ({ params: { name: "landing" }, body: "<h1>Welcome</h1>", contentType: TEXT }),
  "DELETE /api/page/:name": () => ({ params: { name: "landing" } }),
  // SMTP is off (503); the link and the poll name nothing (410; 204).
  "POST /api/widget/email_login": ({ w, n }) => ({ body: { host_id: w.owner.uid, email: `widget${n}@example.com` } }),
  "GET /api/widget/email_login/confirm": () => ({ query: { token: "unknown" } }),
  "POST /api/widget/email_login/poll": () => ({ body: { poll_token: "unknown" } }),
  // Nobody has this address (404); GitHub is off (403); the sign-in names nothing (410).
  "POST /api/widget/login": ({ w }) => ({ body: { host_id: w.owner.uid, email: "nobody@example.com", password: "wrong-pass" } }),
  "POST /api/widget/oauth": ({ w }) => ({ body: { host_id: w.owner.uid, type: "github" } }),
  "POST /api/widget/oauth/finish": () => ({ body: { type: "github", code: "code", state: "unknown" } }),
  // An address that is not fetched (not http): the answer is the empty preview.
  "GET /api/resource/open_graphic_parse": () => ({ query: { url: "ftp://example.com/file" } }),
  "POST /api/user/avatar": () => png,
  "POST /api/admin/user/:uid/avatar": (c) => ({ params: target(c), ...png }),
  "POST /api/group/:gid/avatar": (c) => ({ params: gid(c), ...png }),
  "POST /api/admin/system/organization/logo": () => ({ body: LOGO_PNG, contentType: "image/png" }),
  "GET /api/user/events": ({ me }) => (me ? { query: { "api-key": me.token } } : {}),
  "GET /api/spec": () => ({}),
  "GET /api/swagger": () => ({}),
  "GET /api/swagger/:file": () => ({ params: { file: "init.js" } }),
};
