import type { Contact, ContactInfo, ServerEvent, UserSettingsChanged } from "@parley/protocol";
import type { ContactRow } from "../repos/userSettings.js";
import type { UserRow } from "../repos/users.js";
import { presentUserInfo } from "./users.js";

export type SettingsChange = Omit<UserSettingsChanged, "from_device">;

/** The lists of `user_settings_changed`, in the wire type's order. */
const SETTINGS_LISTS = [
  "add_mute_users",
  "remove_mute_users",
  "add_mute_groups",
  "remove_mute_groups",
  "read_index_users",
  "read_index_groups",
  "burn_after_reading_users",
  "burn_after_reading_groups",
  "add_contacts",
  "remove_contacts",
  "add_pin_chats",
  "remove_pin_chats",
] as const satisfies readonly (keyof SettingsChange)[];
// A list the event gains and SETTINGS_LISTS does not name fails the type check here.
const _everyListNamed: Record<Exclude<keyof SettingsChange, (typeof SETTINGS_LISTS)[number]>, never> = {};

/**
 * `user_settings_changed` (docs/API.md "Event catalogue"): every array is always present, so a
 * change names only what changed and leaves the rest empty.
 */
export function presentSettingsChanged(fromDevice: string, change: Partial<SettingsChange>): ServerEvent {
  const lists = Object.fromEntries(SETTINGS_LISTS.map((list) => [list, change[list] ?? []])) as SettingsChange;
  return { type: "user_settings_changed", from_device: fromDevice, ...lists };
}

/** True when a change carries no entry at all (nothing to announce). */
export const isEmptyChange = (change: Partial<SettingsChange>): boolean => SETTINGS_LISTS.every((list) => !change[list]?.length);

export function presentContactInfo(c: ContactRow): ContactInfo {
  return { status: c.status as ContactInfo["status"], created_at: c.created_at, updated_at: c.updated_at };
}

/** One entry of `GET /user/contacts`. */
export function presentContact(c: ContactRow, user: UserRow): Contact {
  return { target_uid: c.target_uid, target_info: presentUserInfo(user), contact_info: presentContactInfo(c) };
}
