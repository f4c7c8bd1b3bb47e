import type { PasskeyInfo } from "@parley/protocol";
import type {
  AdminFileItem,
  AdminUser,
  Archive,
  AuditLogEntry,
  BotApiKey,
  BotConversationPage,
  ChatMessage,
  Contact,
  CredentialsResponse,
  DataSummary,
  FavoriteArchive,
  Group,
  GroupAnnouncement,
  LicenseReply,
  LoginConfig,
  LoginResponse,
  OpenGraphObject,
  Organization,
  RenewTokenResponse,
  SendRegMagicTokenResponse,
  SmtpConfig,
  SystemCommon,
  UploadFileResponse,
  UserInfo,
} from "@parley/protocol";
import { AUDIT_ACTIONS } from "@parley/protocol";
import * as z from "zod";

/**
 * The wire objects of docs/API.md "Object shapes" as zod schemas, for the OpenAPI document's
 * responses (`responses.ts`). Each is typed by its `@parley/protocol` interface, so a field added
 * to the wire type and not here fails the type check. Every field is present; `?` fields are
 * `nullable`, never optional ("Explicit nulls").
 */
export const shapes = z.registry<{ id: string }>();

function shape<S extends z.ZodType>(id: string, schema: S): S {
  shapes.add(schema, { id });
  return schema;
}

const id = z.number().int();
const millis = z.number().int();
const properties = z.record(z.string(), z.unknown()).nullable();

export const target = shape("MessageTarget", z.union([z.object({ uid: id }), z.object({ gid: id })]));

export const userInfo: z.ZodType<UserInfo> = shape(
  "UserInfo",
  z.object({
    uid: id,
    email: z.string().nullable(),
    name: z.string(),
    gender: z.number().int(),
    language: z.string(),
    is_admin: z.boolean(),
    is_bot: z.boolean(),
    avatar_updated_at: millis,
    create_by: z.enum(["password", "magiclink", "google", "github", "oidc", "metamask", "thirdparty", "guest", "widget"]),
    msg_smtp_notify_enable: z.boolean().optional().describe("the e-mail digest opt-in, on the caller's own account only"),
    widget_id: z.string().optional().describe("a widget visitor's host uid"),
  }),
);

export const adminUser: z.ZodType<AdminUser> = shape(
  "AdminUser",
  z.object({
    uid: id,
    email: z.string().nullable(),
    password: z.literal(""),
    name: z.string(),
    gender: z.number().int(),
    is_admin: z.boolean(),
    language: z.string(),
    create_by: z.enum(["password", "magiclink", "google", "github", "oidc", "metamask", "thirdparty", "guest"]),
    in_online: z.boolean(),
    online_devices: z.array(z.object({ device: z.string(), device_token: z.string().nullable(), is_online: z.boolean() })),
    created_at: millis,
    updated_at: millis,
    avatar_updated_at: millis,
    status: z.enum(["normal", "frozen"]),
    webhook_url: z.string().nullable(),
    is_bot: z.boolean(),
    is_public: z.boolean(),
  }),
);

export const loginResponse: z.ZodType<LoginResponse> = shape(
  "LoginResponse",
  z.object({ server_id: z.string(), token: z.string(), refresh_token: z.string(), expired_in: z.number().int(), user: userInfo }),
);

export const renewResponse: z.ZodType<RenewTokenResponse> = z.object({ token: z.string(), refresh_token: z.string(), expired_in: z.number().int() });

const triple = { properties, content_type: z.string(), content: z.string() };

const pinnedMessage = z.object({ mid: id, created_by: id, created_at: millis, ...triple });

export const group: z.ZodType<Group> = shape(
  "Group",
  z.object({
    gid: id,
    owner: id.nullable(),
    name: z.string(),
    description: z.string().nullable(),
    members: z.array(id),
    is_public: z.boolean(),
    avatar_updated_at: millis,
    pinned_messages: z.array(pinnedMessage),
    show_email: z.boolean(),
    add_friend: z.boolean(),
    dm_to_member: z.boolean(),
    only_owner_can_send_msg: z.boolean(),
    ext_setting: z.string().nullable(),
  }),
);

export const announcement: z.ZodType<GroupAnnouncement> = shape(
  "GroupAnnouncement",
  z.object({ gid: id, content: z.string(), created_by: id, created_at: millis, updated_at: millis }),
);

const reactionDetail = z.discriminatedUnion("type", [
  z.object({ type: z.literal("edit"), ...triple }),
  z.object({ type: z.literal("like"), action: z.string() }),
  z.object({ type: z.literal("delete") }),
]);

export const chatMessage: z.ZodType<ChatMessage> = shape(
  "ChatMessage",
  z.object({
    mid: id,
    from_uid: id,
    created_at: millis,
    target,
    detail: z.discriminatedUnion("type", [
      z.object({ type: z.literal("normal"), ...triple, expires_in: z.number().int().nullable() }),
      z.object({ type: z.literal("reply"), mid: id, ...triple }),
      z.object({ type: z.literal("reaction"), mid: id, detail: reactionDetail }),
    ]),
  }),
);

export const archive: z.ZodType<Archive> = shape(
  "Archive",
  z.object({
    users: z.array(z.object({ name: z.string(), avatar: z.number().int().nullable() })),
    messages: z.array(
      z.object({
        from_user: z.number().int(),
        created_at: millis,
        mid: id,
        source: target,
        properties,
        content_type: z.string(),
        content: z.string().nullable(),
        file_id: z.number().int().nullable(),
        thumbnail_id: z.number().int().nullable(),
      }),
    ),
    num_attachments: z.number().int(),
  }),
);

export const favoriteArchive: z.ZodType<FavoriteArchive> = z.object({ id: z.string(), created_at: millis });

export const contact: z.ZodType<Contact> = shape(
  "Contact",
  z.object({
    target_uid: id,
    target_info: userInfo,
    contact_info: z.object({ status: z.enum(["added", "blocked", ""]), created_at: millis, updated_at: millis }),
  }),
);

/** Also the base of `PUT /admin/system/common`'s body (routes/system/schema.ts). */
export const systemCommon = shape(
  "SystemCommon",
  z.object({
    show_user_online_status: z.boolean(),
    webclient_auto_update: z.boolean(),
    contact_verification_enable: z.boolean(),
    chat_layout_mode: z.enum(["Left", "SelfRight"]),
    max_file_expiry_mode: z.enum(["Off", "Day1", "Day7", "Day30", "Day90", "Day180"]),
    only_admin_can_create_group: z.boolean(),
    who_can_invite_users: z.boolean(),
    ext_setting: z.string().nullable(),
    msg_smtp_notify_enable: z.boolean(),
    msg_smtp_notify_delay_seconds: z.number().int(),
    dm_enable: z.boolean(),
    add_friend_enable: z.boolean(),
    search_user_enable: z.boolean(),
  }),
) satisfies z.ZodType<SystemCommon>;

export const organization: z.ZodType<Organization> = z.object({ name: z.string(), description: z.string().nullable(), server_id: z.string() });

export const dataSummary: z.ZodType<DataSummary> = z.object({ messages: z.number().int(), files: z.number().int(), file_bytes: z.number().int() });

/** Also the base of `POST /admin/login/config`'s body (routes/system/schema.ts). */
export const loginConfig = shape(
  "LoginConfig",
  z.object({
    who_can_sign_up: z.enum(["EveryOne", "InvitationOnly"]),
    guest: z.boolean(),
    password: z.boolean(),
    magic_link: z.boolean(),
    google: z.boolean(),
    github: z.boolean(),
    oidc: z.array(
      z.object({
        enable: z.boolean(),
        favicon: z.string(),
        domain: z.string(),
        issuer: z.string().optional(),
        client_id: z.string().optional(),
        client_secret: z.string().optional().describe("`********` when a secret is stored, never the secret"),
      }),
    ),
    metamask: z.boolean(),
    third_party: z.boolean(),
    passkey: z.boolean().optional(),
  }),
) satisfies z.ZodType<LoginConfig>;

export const smtpConfig: z.ZodType<SmtpConfig> = z.object({
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  from: z.string(),
  username: z.string(),
  password: z.string().describe("`********` when a password is stored, never the password"),
});

export const license = shape(
  "LicenseReply",
  z.object({
    domains: z.array(z.string()),
    user_limit: z.number().int(),
    created_at: z.string().describe("RFC 3339"),
    expired_at: z.string().describe("RFC 3339"),
    sign: z.boolean(),
    base58: z.string().describe("empty for the community license"),
    installed: z.boolean(),
    user_count: z.number().int(),
    problem: z.string().nullable(),
  }),
) satisfies z.ZodType<LicenseReply>;

export const credentials: z.ZodType<CredentialsResponse> = z.object({
  password: z.boolean(),
  google: z.string().nullable(),
  metamask: z.string().nullable(),
  oidc: z.array(z.string()),
});

/** A passkey of `GET /token/passkey/list` (docs/API.md "MetaMask and passkeys"). */
export const passkeyInfo: z.ZodType<PasskeyInfo> = z.object({
  id: z.number().int(),
  credential_id: z.string().describe("base64url"),
  name: z.string(),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable().optional(),
});

/** A WebAuthn ceremony's start: the challenge to echo and the browser's options (W3C JSON form). */
export const passkeyChallenge = z.object({
  challenge_id: z.string(),
  options: z.object({ publicKey: z.record(z.string(), z.unknown()).describe("PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON") }),
});

export const sendRegMagicLink: z.ZodType<SendRegMagicTokenResponse> = z.object({ new_magic_token: z.string(), mail_is_sent: z.boolean() });

export const uploadResult: z.ZodType<UploadFileResponse> = z.object({
  path: z.string(),
  size: z.number().int(),
  hash: z.string(),
  image_properties: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});

export const adminFile: z.ZodType<AdminFileItem> = z.object({
  mid: id,
  from_uid: id,
  gid: id.nullable(),
  target_uid: id.nullable().optional(),
  ext: z.string(),
  content_type: z.string(),
  content: z.string(),
  properties: z.string(),
  created_at: millis,
  expired: z.boolean(),
});

const ogMedia = { url: z.string(), secure_url: z.string().nullable(), type: z.string().nullable() };
const ogSize = { width: z.number().nullable(), height: z.number().nullable() };

export const openGraph: z.ZodType<OpenGraphObject> = z.object({
  type: z.string(),
  title: z.string(),
  url: z.string(),
  images: z.array(z.object({ ...ogMedia, ...ogSize, alt: z.string().nullable() })),
  audios: z.array(z.object(ogMedia)),
  videos: z.array(z.object({ ...ogMedia, ...ogSize })),
  favicon_url: z.string().nullable(),
  description: z.string().nullable(),
  locale: z.string().nullable(),
  locale_alternate: z.array(z.string()),
  site_name: z.string().nullable(),
});

export const auditEntry: z.ZodType<AuditLogEntry> = z.object({
  id: z.number().int(),
  created_at: millis,
  actor_uid: id.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_uid: id.nullable(),
  target_gid: id.nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});

export const botApiKey: z.ZodType<BotApiKey> = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string().describe("masked (`parley_bot_…abcd`): the key itself is answered once, when it is made"),
  created_at: millis,
  last_used: millis.nullable(),
});

export const webhookDelivery = shape(
  "WebhookDelivery",
  z.object({
    id: z.number().int(),
    mid: id,
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    next_attempt_at: millis.nullable(),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: millis,
    delivered_at: millis.nullable(),
  }),
);

export const botConversationPage: z.ZodType<BotConversationPage> = shape(
  "BotConversationPage",
  z.object({
    conversations: z.array(
      z.object({
        target: target.describe("a DM by the other side's uid, a channel by its gid"),
        last_mid: id,
        last_created_at: millis,
      }),
    ),
    next_before: id.nullable().describe("`before` for the next page; null on the last page"),
  }),
);
