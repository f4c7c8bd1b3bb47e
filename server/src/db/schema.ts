import type { Generated } from "kysely";

/**
 * Table types for Kysely. Booleans are stored as 0/1 integers so both dialects read the same
 * values; timestamps are integer milliseconds; JSON is stored as text.
 */
export interface Database {
  config: ConfigTable;
  users: UsersTable;
  user_log: UserLogTable;
  devices: DevicesTable;
  refresh_tokens: RefreshTokensTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  messages: MessagesTable;
  archives: ArchivesTable;
  favorites: FavoritesTable;
  pinned_messages: PinnedMessagesTable;
  group_announcements: GroupAnnouncementsTable;
  invite_links: InviteLinksTable;
  user_mutes: UserMutesTable;
  user_read_indexes: UserReadIndexesTable;
  user_burn_after_reading: UserBurnAfterReadingTable;
  user_pinned_chats: UserPinnedChatsTable;
  user_contacts: UserContactsTable;
  files: FilesTable;
  file_uploads: FileUploadsTable;
  magic_tokens: MagicTokensTable;
  third_party_users: ThirdPartyUsersTable;
  audit_log: AuditLogTable;
  identities: IdentitiesTable;
  oidc_states: OidcStatesTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_secrets: WebhookSecretsTable;
  bot_api_keys: BotApiKeysTable;
  metamask_nonces: MetamaskNoncesTable;
  metamask_accounts: MetamaskAccountsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  notify_outbox: NotifyOutboxTable;
  notify_queue: NotifyQueueTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_channel_types: NotificationChannelTypesTable;
  notification_channels: NotificationChannelsTable;
  call_rooms: CallRoomsTable;
  call_participants: CallParticipantsTable;
}

export interface ConfigTable {
  key: string;
  value: string;
}

export interface UsersTable {
  uid: Generated<number>;
  email: string | null;
  name: string;
  password_hash: string | null;
  gender: number;
  language: string;
  is_admin: number;
  is_bot: number;
  create_by: string;
  status: string;
  webhook_url: string | null;
  avatar_updated_at: number;
  created_at: number;
  updated_at: number;
  /** 0/1, default 0 (migration 010): e-mail notification of missed messages. */
  msg_smtp_notify_enable: Generated<number>;
  /** 0/1, default 0 (migration 090): a public bot, which anyone may write to. */
  is_public: Generated<number>;
  /** A widget visitor's host uid as text (migration 096); null for every other account. */
  widget_id: Generated<string | null>;
}

export interface UserLogTable {
  log_id: Generated<number>;
  uid: number;
  action: string;
  email: string | null;
  name: string | null;
  gender: number | null;
  language: string | null;
  is_admin: number | null;
  is_bot: number | null;
  avatar_updated_at: number | null;
  created_at: number;
}

export interface DevicesTable {
  uid: number;
  device: string;
  device_token: string | null;
  created_at: number;
}

export interface RefreshTokensTable {
  uid: number;
  device: string;
  /** sha256 of the refresh token; the token itself is never stored. */
  token_hash: string;
  expires_at: number;
}

export interface GroupsTable {
  gid: Generated<number>;
  name: string;
  description: string | null;
  owner: number | null;
  is_public: number;
  avatar_updated_at: number;
  show_email: number;
  add_friend: number;
  dm_to_member: number;
  only_owner_can_send_msg: number;
  ext_setting: string | null;
  created_at: number;
  updated_at: number;
}

export interface GroupMembersTable {
  gid: number;
  uid: number;
  created_at: number;
}

/**
 * One row per message, never one per recipient: delivery is computed from the target.
 * A group message has `target_gid`; a DM has `target_uid` plus the ordered pair
 * (`dm_low`, `dm_high`) that names the conversation for history and backlog queries.
 */
export interface MessagesTable {
  mid: Generated<number>;
  from_uid: number;
  target_uid: number | null;
  target_gid: number | null;
  dm_low: number | null;
  dm_high: number | null;
  /** normal | reply | reaction */
  kind: string;
  /** The original message of a reply or reaction. */
  ref_mid: number | null;
  content_type: string | null;
  content: string | null;
  properties: string | null;
  expires_in: number | null;
  /** JSON of the ReactionDetail for reactions. */
  reaction: string | null;
  created_at: number;
  /**
   * The merged content after edits (migration 030); null when never edited. `content` keeps
   * the original, which history shows followed by the edit reactions.
   */
  edited_content_type: Generated<string | null>;
  edited_content: Generated<string | null>;
  edited_properties: Generated<string | null>;
  /** Burn after reading: `created_at + expires_in * 1000`; the expiry sweep deletes the message then. */
  expires_at: Generated<number | null>;
}

/** A forwarded-messages archive (`POST /resource/archive`): its `Archive` JSON, addressed by path. */
export interface ArchivesTable {
  /** `Y/M/D/<uuid>`, as VoceChat names archive files. */
  path: string;
  created_by: number;
  created_at: number;
  body: string;
  /** JSON `ArchiveAttachment[]`, indexed by attachment id (migration 060). */
  attachments: Generated<string>;
}

/** A user's saved messages (`POST /favorite`): an `Archive` JSON snapshot. */
export interface FavoritesTable {
  seq: Generated<number>;
  /** The UUID clients address it by. */
  id: string;
  uid: number;
  created_at: number;
  body: string;
  /** JSON `ArchiveAttachment[]`, indexed by attachment id (migration 060). */
  attachments: Generated<string>;
}

/** A pinned message with a copy of its current (edited) content. */
export interface PinnedMessagesTable {
  gid: number;
  mid: number;
  /** Who pinned it. */
  created_by: number;
  /** When it was pinned. */
  created_at: number;
  content_type: string;
  content: string;
  properties: string | null;
}

export interface GroupAnnouncementsTable {
  gid: number;
  content: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** An invite link's token, stored as its SHA-256, with its expiry and remaining uses. */
export interface InviteLinksTable {
  token_hash: string;
  /** register | private */
  kind: string;
  gid: number | null;
  created_by: number;
  created_at: number;
  expires_at: number;
  remaining: number;
}

/** A per-user chat setting's target: a DM peer ("user", uid) or a channel ("group", gid). */
export type ChatKind = "user" | "group";

export interface UserMutesTable {
  uid: number;
  kind: ChatKind;
  target_id: number;
  /** null = muted until unmuted. */
  expired_at: number | null;
}

export interface UserReadIndexesTable {
  uid: number;
  kind: ChatKind;
  target_id: number;
  mid: number;
}

export interface UserBurnAfterReadingTable {
  uid: number;
  kind: ChatKind;
  target_id: number;
  /** Seconds; a row exists only for a positive value. */
  expires_in: number;
}

export interface UserPinnedChatsTable {
  uid: number;
  kind: ChatKind;
  target_id: number;
  updated_at: number;
}

/** `uid`'s view of `target_uid`: status "added" | "blocked" | "" and a private remark. */
export interface UserContactsTable {
  uid: number;
  target_uid: number;
  status: string;
  remark: string | null;
  created_at: number;
  updated_at: number;
}

/** A finished upload (migration 040); the bytes are in the blob store under `upload/file/<path>`. */
export interface FilesTable {
  /** `Y/M/D/<uuid>`: what clients send back in file messages and download URLs. */
  path: string;
  /** Who uploaded it. */
  uid: number;
  content_type: string;
  /** The original file name, when the client gave one. */
  filename: string | null;
  size: number;
  /** sha256, lowercase hex. */
  hash: string;
  width: number | null;
  height: number | null;
  /** `image/png` or `image/jpeg` when a thumbnail exists, else null. */
  thumbnail_type: string | null;
  created_at: number;
  /** When the bytes were deleted (expiry or "delete all files"); null while they exist. */
  deleted_at: number | null;
}

/** An upload between `prepare` and its last chunk (migration 040). */
export interface FileUploadsTable {
  file_id: string;
  uid: number;
  content_type: string;
  filename: string | null;
  /** Bytes accepted so far. */
  size: Generated<number>;
  /** The last chunk sequence number taken. */
  chunks: Generated<number>;
  created_at: number;
  updated_at: number;
}

/**
 * A single-use magic token (migration 050), stored only as its SHA-256: a login link
 * (`login`), a confirmed registration (`register`) or a third-party login key (`thirdparty`).
 */
export interface MagicTokensTable {
  token_hash: string;
  /** login | register | thirdparty | widget_mail | widget_ready (docs/API.md "Widget") */
  kind: string;
  email: string | null;
  /** register: argon2id hash of the chosen password. */
  password_hash: string | null;
  /** login: the account it signs into; null for an address without one. */
  uid: number | null;
  /** register: the channel of the invitation it came from. */
  gid: number | null;
  /** register: the invitation (`invite_links.token_hash`) redeemed at sign-up. */
  invite_hash: string | null;
  /** login: 1 when an inviting member sent it (a new address may sign up on an invitation-only server). */
  invited: Generated<number>;
  /** thirdparty: `{userid, username}` JSON. */
  payload: string | null;
  created_at: number;
  expires_at: number;
}

/** An external user id of the third-party bridge and the local account it maps to (migration 050). */
export interface ThirdPartyUsersTable {
  userid: string;
  uid: number;
  created_at: number;
}

/** Append-only: who did what and when (migration 080). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: number;
  actor_uid: number | null;
  action: string;
  target_uid: number | null;
  target_gid: number | null;
  /** JSON text. */
  detail: string;
  ip: string | null;
}

/** One webhook delivery to a bot (migration 091; server/src/webhooks/). */
export interface WebhookOutboxTable {
  id: Generated<number>;
  bot_uid: number;
  mid: number;
  /** The JSON body as it is POSTed. */
  payload: string;
  attempts: Generated<number>;
  /** Null once delivered or given up. */
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** A bot's webhook signing secret (migration 091), made when first needed. */
export interface WebhookSecretsTable {
  uid: number;
  secret: string;
  created_at: number;
}

/** A bot's API key, stored only as its SHA-256 (migration 090). */
export interface BotApiKeysTable {
  id: Generated<number>;
  uid: number;
  name: string;
  key_hash: string;
  key_hint: string;
  created_at: number;
  last_used: number | null;
}

/** A nonce handed out to a wallet to sign (migration 093): single-use, expiring. */
export interface MetamaskNoncesTable {
  nonce: string;
  address: string;
  expires_at: number;
}

/** A wallet address linked to an account (migration 093; docs/API.md "MetaMask and passkeys"). */
export interface MetamaskAccountsTable {
  address: string;
  uid: number;
  created_at: number;
}

/** A passkey (WebAuthn credential) of an account (migration 093). */
export interface PasskeysTable {
  id: Generated<number>;
  uid: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  rp_id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A pending passkey registration or sign-in (migration 093): single-use, expiring. */
export interface PasskeyChallengesTable {
  id: string;
  kind: "register" | "auth";
  challenge: string;
  uid: number | null;
  name: string | null;
  rp_id: string;
  origin: string;
  expires_at: number;
}

/** A Google, GitHub or OIDC identity linked to an account (migration 092; docs/API.md "Third-party sign-in"). */
export interface IdentitiesTable {
  provider: "google" | "github" | "oidc";
  /** The issuer URL for OIDC; "" otherwise. */
  issuer: string;
  subject: string;
  uid: number;
  email: string | null;
  created_at: number;
}

/** A pending OIDC authorization (migration 092): single-use, expiring. */
export interface OidcStatesTable {
  state_hash: string;
  domain: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: number;
}

/** A notification channel type an admin turned on or off (migration 095; docs/API.md "Notification channels"). */
export interface NotificationChannelTypesTable {
  id: Generated<number>;
  channel_type: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** A user's notification channel (migration 095): `config` and `trigger_on_groups` are JSON. */
export interface NotificationChannelsTable {
  id: Generated<number>;
  uid: number;
  channel_type: string;
  name: string;
  enabled: number;
  config: string;
  trigger_on_all_messages: number;
  trigger_on_mentions: number;
  trigger_on_groups: string;
  skip_when_online: number;
  rate_limit_rps: number | null;
  created_at: number;
  updated_at: number;
}

/** A new message whose notifications are not decided yet (migration 094; server/src/notify/). */
export interface NotifyOutboxTable {
  id: Generated<number>;
  mid: number;
  claimed_until: number | null;
  created_at: number;
}

/** One notification of one recipient by one path (migration 094; docs/NOTIFICATIONS.md). */
export interface NotifyQueueTable {
  id: Generated<number>;
  uid: number;
  mid: number;
  path: string;
  /** When it fires or is retried; null once finished. */
  due_at: number | null;
  claimed_until: number | null;
  attempts: Generated<number>;
  /** sent | skipped | read | failed; null while pending. */
  outcome: string | null;
  created_at: number;
  finished_at: number | null;
}

/** A browser's Web Push subscription (migration 094; docs/API.md "Web Push"). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  uid: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
  created_at: number;
}

/** A built-in call going on (migration 097, docs/CALLS.md): one per conversation. */
export interface CallRoomsTable {
  /** `group:<gid>` or `dm:<low>:<high>`. */
  room: string;
  gid: number | null;
  dm_low: number | null;
  dm_high: number | null;
  started_by: number;
  started_at: number;
  /** A DM's peer being rung, and until when. */
  ring_uid: number | null;
  ring_until: number | null;
  /** Bumped by every change (join, leave, media), so clients drop states older than theirs. */
  version: number;
}

/** Who is in a call, from which device (its stream gets the signals), with their media flags (0/1). */
export interface CallParticipantsTable {
  room: string;
  uid: number;
  device: string;
  joined_at: number;
  /** When the participant's event stream was last seen open (the sweep drops stale ones). */
  seen_at: number;
  audio: number;
  video: number;
  screen: number;
}
