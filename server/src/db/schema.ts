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
}
