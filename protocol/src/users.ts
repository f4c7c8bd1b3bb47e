import type { Gid, MessageTarget, Mid, Millis, Uid, UserStatus } from "./common.js";
import type { ContactInfo } from "./events.js";

/** How a user came to exist; `guest` marks a guest session. */
export type CreateBy =
  | "password"
  | "magiclink"
  | "google"
  | "github"
  | "oidc"
  | "metamask"
  | "thirdparty"
  | "guest"
  /** A visitor of the embeddable widget (Parley; docs/API.md "Widget"). */
  | "widget";

/** `UserInfo` (docs/API.md "Object shapes"): the public view of a user. Optional fields are explicit `null`. */
export interface UserInfo {
  uid: Uid;
  email: string | null;
  name: string;
  gender: number;
  language: string;
  is_admin: boolean;
  is_bot: boolean;
  /** 0 = no avatar. */
  avatar_updated_at: Millis;
  create_by: CreateBy;
  /** The user's own opt-in to e-mail for unread messages (newer servers, on the own account only). */
  msg_smtp_notify_enable?: boolean | null;
  /** A widget visitor's host uid, as text (absent on every other account). */
  widget_id?: string;
}

export interface UserDevice {
  device: string;
  device_token: string | null;
  is_online: boolean;
}

/** `User` (docs/API.md "Object shapes"): the admin view. `password` is always "". */
export interface AdminUser {
  uid: Uid;
  email: string | null;
  password: "";
  name: string;
  gender: number;
  is_admin: boolean;
  language: string;
  create_by: CreateBy;
  /** sic: VoceChat spells it `in_online` (docs/API.md "Object shapes"). */
  in_online: boolean;
  online_devices: UserDevice[];
  created_at: Millis;
  updated_at: Millis;
  avatar_updated_at: Millis;
  status: UserStatus;
  webhook_url: string | null;
  is_bot: boolean;
  /** A public bot, which anyone may write to (newer VoceChat servers; docs/API.md "Bots"). */
  is_public: boolean;
}

/** `POST /api/admin/user` body. */
export interface CreateUserRequest {
  email: string;
  password: string;
  name: string;
  gender?: number;
  is_admin?: boolean;
  language?: string | null;
  webhook_url?: string | null;
  is_bot?: boolean;
  is_public?: boolean;
}

/** `POST /api/admin/system/create_admin` body. */
export interface CreateAdminRequest {
  email: string;
  name: string;
  password: string;
  gender?: number;
}

/** `PUT /api/user` body: at least one field (newer servers add the last three; docs/API.md "Users"). */
export interface UpdateUserInfoRequest {
  name?: string | null;
  gender?: number | null;
  language?: string | null;
  email?: string | null;
  webhook_url?: string | null;
  msg_smtp_notify_enable?: boolean | null;
}

/** `POST /api/user/change_password` body. */
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
}

/** `PUT /api/token/device_token` body. */
export interface UpdateDeviceTokenRequest {
  device_token: string | null;
}

/** `POST /api/user/mute` body; `expired_in` is in seconds (absent = until unmuted). */
export interface MuteRequest {
  add_users?: { uid: Uid; expired_in?: number | null }[] | null;
  add_groups?: { gid: Gid; expired_in?: number | null }[] | null;
  remove_users?: Uid[] | null;
  remove_groups?: Gid[] | null;
}

/** `POST /api/user/burn-after-reading` body; `expires_in` 0 removes the setting. */
export interface UpdateBurnAfterReadingRequest {
  users?: { uid: Uid; expires_in: number }[] | null;
  groups?: { gid: Gid; expires_in: number }[] | null;
}

/** `POST /api/user/read-index` body. */
export interface UpdateReadIndexRequest {
  users?: { uid: Uid; mid: Mid }[] | null;
  groups?: { gid: Gid; mid: Mid }[] | null;
}

/** `POST /api/user/pin_chat` and `/unpin_chat` body. */
export interface PinChatRequest {
  target: MessageTarget;
}

export type ContactAction = "add" | "block" | "remove" | "unblock";

/** `POST /api/user/update_contact_status` body. */
export interface UpdateContactStatusRequest {
  target_uid: Uid;
  action: ContactAction;
}

/** `PUT /api/user/contact_remark` body. */
export interface ContactRemarkRequest {
  contact_uid: Uid;
  remark: string;
}

/** One entry of `GET /api/user/contacts`. */
export interface Contact {
  target_uid: Uid;
  target_info: UserInfo;
  contact_info: ContactInfo;
}

/** `POST /api/user/search` body. */
export interface SearchUserRequest {
  search_type: "id" | "email" | "name";
  keyword: string;
}

/** `POST /api/user/typing` body (Parley extension). */
export interface TypingRequest {
  target: MessageTarget;
}
