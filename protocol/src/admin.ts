/** `GET /api/admin/system/organization` (newer servers add `server_id`; docs/API.md "Server settings"). */
export interface Organization {
  name: string;
  description: string | null;
  server_id?: string;
}

export interface OrganizationUpdate {
  name: string;
  description?: string | null;
}

/**
 * `GET /api/admin/system/data_summary` (Parley addition, docs/API.md "Server settings"): what
 * "clear all messages" and "delete all files" would remove.
 */
export interface DataSummary {
  /** Every stored message, of channels and DMs. */
  messages: number;
  /** Uploaded files whose bytes are still kept (not deleted by expiry or a clearing). */
  files: number;
  /** Their total size in bytes. */
  file_bytes: number;
}

export type ChatLayoutMode = "Left" | "SelfRight";
export type FileExpiryMode = "Off" | "Day1" | "Day7" | "Day30" | "Day90" | "Day180";

/**
 * `GET/PUT /api/admin/system/common` (docs/API.md "Server settings"). `ext_setting` is a JSON string holding the
 * newer switches (`ExtSetting`).
 */
export interface SystemCommon {
  show_user_online_status: boolean;
  webclient_auto_update: boolean;
  contact_verification_enable: boolean;
  chat_layout_mode: ChatLayoutMode;
  max_file_expiry_mode: FileExpiryMode;
  only_admin_can_create_group: boolean;
  who_can_invite_users: boolean;
  ext_setting: string | null;
  msg_smtp_notify_enable: boolean;
  msg_smtp_notify_delay_seconds: number;
  dm_enable: boolean;
  add_friend_enable: boolean;
  search_user_enable: boolean;
}

/** The switches inside `SystemCommon.ext_setting`. */
export interface ExtSetting {
  admin_only_can_invite?: boolean;
  only_admin_can_see_channel_members?: boolean;
  enable_msg_url_preview?: boolean;
  /**
   * Parley: notifications (Web Push, FCM, channels, e-mail digests) show the message's text;
   * `false` says only "New message". Absent: on. docs/NOTIFICATIONS.md.
   */
  notify_preview?: boolean;
}

export const DEFAULT_SYSTEM_COMMON: SystemCommon = {
  show_user_online_status: true,
  webclient_auto_update: true,
  contact_verification_enable: false,
  chat_layout_mode: "Left",
  max_file_expiry_mode: "Off",
  only_admin_can_create_group: false,
  who_can_invite_users: true,
  ext_setting: null,
  msg_smtp_notify_enable: false,
  msg_smtp_notify_delay_seconds: 300,
  dm_enable: true,
  add_friend_enable: true,
  search_user_enable: true,
};
