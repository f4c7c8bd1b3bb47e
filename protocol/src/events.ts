/**
 * The SSE event union of `GET /api/user/events` (docs/API.md "Event catalogue"). Each frame is `data: <json>`
 * with no `event:` line; the `type` field is the discriminator.
 */
import type {
  Gid,
  KickFromGroupReason,
  KickReason,
  Mid,
  Millis,
  MessageTarget,
  Uid,
  UpdateAction,
} from "./common.js";
import type { Group, PinnedMessage } from "./groups.js";
import type { ChatMessage } from "./messages.js";
import type { UserInfo } from "./users.js";
import type { CallEvent } from "./calls.js";

export interface UserUpdateLog {
  log_id: number;
  action: UpdateAction;
  uid: Uid;
  email: string | null;
  name: string | null;
  gender: number | null;
  language: string | null;
  is_admin: boolean | null;
  is_bot: boolean | null;
  avatar_updated_at: Millis | null;
}

export interface MuteUser {
  uid: Uid;
  expired_at: Millis | null;
}
export interface MuteGroup {
  gid: Gid;
  expired_at: Millis | null;
}
export interface ReadIndexUser {
  uid: Uid;
  mid: Mid;
}
export interface ReadIndexGroup {
  gid: Gid;
  mid: Mid;
}
export interface BurnAfterReadingUser {
  uid: Uid;
  expires_in: number;
}
export interface BurnAfterReadingGroup {
  gid: Gid;
  expires_in: number;
}
export interface PinnedChat {
  target: MessageTarget;
  updated_at: Millis;
}

export interface UserSettings {
  mute_users: MuteUser[];
  mute_groups: MuteGroup[];
  read_index_users: ReadIndexUser[];
  read_index_groups: ReadIndexGroup[];
  burn_after_reading_users: BurnAfterReadingUser[];
  burn_after_reading_groups: BurnAfterReadingGroup[];
  pinned_chats: PinnedChat[];
}

export interface ContactInfo {
  status: "added" | "blocked" | "";
  created_at: Millis;
  updated_at: Millis;
}

export interface UserSettingsChanged {
  from_device: string;
  add_mute_users: MuteUser[];
  remove_mute_users: Uid[];
  add_mute_groups: MuteGroup[];
  remove_mute_groups: Gid[];
  read_index_users: ReadIndexUser[];
  read_index_groups: ReadIndexGroup[];
  burn_after_reading_users: BurnAfterReadingUser[];
  burn_after_reading_groups: BurnAfterReadingGroup[];
  add_contacts: { target_uid: Uid; info: ContactInfo }[];
  remove_contacts: Uid[];
  add_pin_chats: PinnedChat[];
  remove_pin_chats: MessageTarget[];
}

export interface GroupAnnouncement {
  gid: Gid;
  content: string;
  created_by: Uid;
  created_at: Millis;
  updated_at: Millis;
}

export type ServerEvent =
  | { type: "ready" }
  | { type: "heartbeat"; time: Millis }
  | { type: "users_snapshot"; users: UserInfo[]; version: number }
  | { type: "users_log"; logs: UserUpdateLog[] }
  | { type: "users_state"; users: { uid: Uid; online: boolean }[] }
  | { type: "users_state_changed"; uid: Uid; online: boolean }
  | ({ type: "user_settings" } & UserSettings)
  | ({ type: "user_settings_changed" } & UserSettingsChanged)
  | { type: "related_groups"; groups: Group[] }
  | ({ type: "chat" } & ChatMessage)
  | { type: "kick"; reason: KickReason }
  | { type: "joined_group"; group: Group }
  | { type: "user_joined_group"; gid: Gid; uid: Uid[] }
  | { type: "user_leaved_group"; gid: Gid; uid: Uid[] }
  | { type: "kick_from_group"; gid: Gid; reason: KickFromGroupReason }
  | {
      type: "group_changed";
      gid: Gid;
      name: string | null;
      description: string | null;
      owner: Uid | null;
      avatar_updated_at: Millis | null;
      is_public: boolean | null;
      /**
       * Parley: the newer channel switches of `PUT /group/{gid}` (docs/API.md "Groups"), present only
       * when the request set them; absent means unchanged.
       */
      show_email?: boolean;
      add_friend?: boolean;
      dm_to_member?: boolean;
      only_owner_can_send_msg?: boolean;
      ext_setting?: string;
    }
  | { type: "pinned_message_updated"; gid: Gid; mid: Mid; msg: PinnedMessage | null }
  | ({ type: "server_config_changed" } & Record<string, unknown>)
  | { type: "message_cleared"; latest_deleted_mid: Mid }
  | { type: "group_message_cleared"; gid: Gid }
  | { type: "user_calling"; uid: Uid; target: MessageTarget }
  | { type: "user_remark"; contact_uid: Uid; remark: string }
  | { type: "group_announcement_changed"; gid: Gid; announcement: GroupAnnouncement | null }
  /** Parley extension: someone is typing in a conversation (never persisted). */
  | { type: "typing"; uid: Uid; target: MessageTarget }
  /**
   * Parley extension: the backlog after `after_mid` was longer than `limit`, so the messages with
   * `after_mid < mid < first_mid` were not replayed. The client must page them in through the
   * history routes. Real VoceChat clients ignore unknown event types.
   */
  | { type: "history_gap"; after_mid: Mid; first_mid: Mid; skipped: number }
  /** Parley extension: built-in calls (protocol/src/calls.ts, docs/API.md "Calls (addition)"). */
  | CallEvent;

export type ServerEventType = ServerEvent["type"];
export type EventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
