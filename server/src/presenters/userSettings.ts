import type { Contact, ContactInfo, ServerEvent, UserSettingsChanged } from "@parley/protocol";
import type { ContactRow } from "../repos/userSettings.js";
import type { UserRow } from "../repos/users.js";
import { presentUserInfo } from "./users.js";

export type SettingsChange = Omit<UserSettingsChanged, "from_device">;

/**
 * `user_settings_changed` (docs/API.md "Event catalogue"): every array is always present, so a
 * change names only what changed and leaves the rest empty.
 */
export function presentSettingsChanged(fromDevice: string, change: Partial<SettingsChange>): ServerEvent {
  return {
    type: "user_settings_changed",
    from_device: fromDevice,
    add_mute_users: change.add_mute_users ?? [],
    remove_mute_users: change.remove_mute_users ?? [],
    add_mute_groups: change.add_mute_groups ?? [],
    remove_mute_groups: change.remove_mute_groups ?? [],
    read_index_users: change.read_index_users ?? [],
    read_index_groups: change.read_index_groups ?? [],
    burn_after_reading_users: change.burn_after_reading_users ?? [],
    burn_after_reading_groups: change.burn_after_reading_groups ?? [],
    add_contacts: change.add_contacts ?? [],
    remove_contacts: change.remove_contacts ?? [],
    add_pin_chats: change.add_pin_chats ?? [],
    remove_pin_chats: change.remove_pin_chats ?? [],
  };
}

/** True when a change carries no entry at all (nothing to announce). */
export const isEmptyChange = (change: Partial<SettingsChange>): boolean =>
  Object.values(change).every((v) => !Array.isArray(v) || v.length === 0);

export function presentContactInfo(c: ContactRow): ContactInfo {
  return { status: c.status as ContactInfo["status"], created_at: c.created_at, updated_at: c.updated_at };
}

/** One entry of `GET /user/contacts`. */
export function presentContact(c: ContactRow, user: UserRow): Contact {
  return { target_uid: c.target_uid, target_info: presentUserInfo(user), contact_info: presentContactInfo(c) };
}
