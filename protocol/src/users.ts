import type { Millis, Uid, UserStatus } from "./common.js";

/** How a user came to exist; `guest` marks a guest session (spec §3 Login user). */
export type CreateBy =
  | "password"
  | "magiclink"
  | "google"
  | "github"
  | "oidc"
  | "metamask"
  | "thirdparty"
  | "guest";

/** `UserInfo` (contract §4): the public view of a user. Optional fields are explicit `null`. */
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
}

export interface UserDevice {
  device: string;
  device_token: string | null;
  is_online: boolean;
}

/** `User` (contract §4): the admin view. `password` is always "". */
export interface AdminUser {
  uid: Uid;
  email: string | null;
  password: "";
  name: string;
  gender: number;
  is_admin: boolean;
  language: string;
  create_by: CreateBy;
  /** sic: the contract spells it `in_online`. */
  in_online: boolean;
  online_devices: UserDevice[];
  created_at: Millis;
  updated_at: Millis;
  avatar_updated_at: Millis;
  status: UserStatus;
  webhook_url: string | null;
  is_bot: boolean;
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
}

/** `POST /api/admin/system/create_admin` body. */
export interface CreateAdminRequest {
  email: string;
  name: string;
  password: string;
  gender?: number;
}

/** `PUT /api/user` body. */
export interface UpdateUserInfoRequest {
  name?: string | null;
  gender?: number | null;
  language?: string | null;
}
