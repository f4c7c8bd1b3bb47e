import type { AdminUser, CreateBy, UserInfo, UserUpdateLog } from "@parley/protocol";
import type { UserLogRow, UserRow } from "../repos/users.js";

/** `UserInfo` (docs/API.md "Object shapes"), with explicit nulls. */
export function presentUserInfo(u: UserRow): UserInfo {
  return {
    uid: u.uid,
    email: u.email,
    name: u.name,
    gender: u.gender,
    language: u.language,
    is_admin: u.is_admin === 1,
    is_bot: u.is_bot === 1,
    avatar_updated_at: u.avatar_updated_at,
    create_by: u.create_by as CreateBy,
    // Only a visitor's carries it, so every other account's shape stays as it was.
    ...(u.widget_id ? { widget_id: u.widget_id } : {}),
  };
}

/**
 * The caller's own `UserInfo` (`GET /user/me`, `PUT /user`, sign-in answers): with the e-mail
 * digest opt-in, which only its owner sees (the Notifications page reads it back after a reload).
 */
export function presentOwnUserInfo(u: UserRow): UserInfo {
  return { ...presentUserInfo(u), msg_smtp_notify_enable: u.msg_smtp_notify_enable === 1 };
}

/** The admin view `User`; the password field is always "" on the wire. */
export function presentAdminUser(
  u: UserRow,
  devices: { device: string; device_token: string | null; is_online: boolean }[],
): AdminUser {
  return {
    uid: u.uid,
    email: u.email,
    password: "",
    name: u.name,
    gender: u.gender,
    is_admin: u.is_admin === 1,
    language: u.language,
    create_by: u.create_by as CreateBy,
    in_online: devices.some((d) => d.is_online),
    online_devices: devices,
    created_at: u.created_at,
    updated_at: u.updated_at,
    avatar_updated_at: u.avatar_updated_at,
    status: u.status === "frozen" ? "frozen" : "normal",
    webhook_url: u.webhook_url,
    is_bot: u.is_bot === 1,
    is_public: u.is_public === 1,
  };
}

const bool = (v: number | null): boolean | null => (v === null ? null : v === 1);

export function presentUserLog(l: UserLogRow): UserUpdateLog {
  return {
    log_id: l.log_id,
    action: l.action as UserUpdateLog["action"],
    uid: l.uid,
    email: l.email,
    name: l.name,
    gender: l.gender,
    language: l.language,
    is_admin: bool(l.is_admin),
    is_bot: bool(l.is_bot),
    avatar_updated_at: l.avatar_updated_at,
  };
}
