import type { Contact, ContactInfo } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { assertMatches } from "../test/contract.js";
import { settingsChanged } from "../test/events.js";
import { T0, contactRow, userRow } from "../test/rows.js";
import { isEmptyChange, presentContact, presentContactInfo, presentSettingsChanged } from "./userSettings.js";

describe("presentSettingsChanged: user_settings_changed with every array present", () => {
  it("an empty change: every array empty", () => {
    const event = presentSettingsChanged("web:abc", {});
    expect(event).toEqual(settingsChanged("web:abc"));
    assertMatches("UserSettingsChangedMessage", event);
  });

  it.each<[string, Parameters<typeof presentSettingsChanged>[1]]>([
    ["a mute", { add_mute_users: [{ uid: 3, expired_at: null }], add_mute_groups: [{ gid: 20, expired_at: T0 }] }],
    ["an unmute", { remove_mute_users: [3], remove_mute_groups: [20] }],
    ["read indexes", { read_index_users: [{ uid: 3, mid: 100 }], read_index_groups: [{ gid: 20, mid: 101 }] }],
    ["burn after reading (0 removes)", { burn_after_reading_users: [{ uid: 3, expires_in: 60 }], burn_after_reading_groups: [{ gid: 20, expires_in: 0 }] }],
    ["a contact added and one removed", { add_contacts: [{ target_uid: 3, info: { status: "added", created_at: T0, updated_at: T0 } }], remove_contacts: [4] }],
    ["pinned chats", { add_pin_chats: [{ target: { gid: 20 }, updated_at: T0 }], remove_pin_chats: [{ uid: 3 }] }],
  ])("%s: only those entries", (_, change) => {
    const event = presentSettingsChanged("phone", change);
    expect(event).toEqual(settingsChanged("phone", change));
    assertMatches("UserSettingsChangedMessage", event);
  });
});

describe("isEmptyChange: no entry in any array", () => {
  it.each<[string, Parameters<typeof isEmptyChange>[0], boolean]>([
    ["nothing", {}, true],
    ["empty arrays", { add_mute_users: [], remove_contacts: [] }, true],
    ["one removal", { remove_mute_users: [3] }, false],
    ["one entry among empty arrays", { add_mute_users: [], read_index_groups: [{ gid: 20, mid: 1 }] }, false],
    ["a burn-after-reading removal (expires_in 0) is a change", { burn_after_reading_users: [{ uid: 3, expires_in: 0 }] }, false],
  ])("%s → %s", (_, change, expected) => {
    expect(isEmptyChange(change)).toBe(expected);
  });
});

describe("presentContactInfo and presentContact: GET /user/contacts", () => {
  it.each<[string, string, ContactInfo["status"]]>([
    ["added", "added", "added"],
    ["blocked", "blocked", "blocked"],
    ["cleared", "", ""],
  ])("status %s", (_, status, expected) => {
    expect(presentContactInfo(contactRow({ status, created_at: T0, updated_at: T0 + 1000, remark: "old friend" }))).toEqual({
      status: expected,
      created_at: T0,
      updated_at: T0 + 1000,
    } satisfies ContactInfo);
  });

  it("a contact: the target's UserInfo and the viewer's contact info, never the remark", () => {
    const contact = presentContact(
      contactRow({ uid: 2, target_uid: 3, status: "blocked", remark: "noisy", created_at: T0, updated_at: T0 + 5 }),
      userRow({ uid: 3, name: "Carol", email: "carol@example.com", is_bot: 0, language: "de-DE" }),
    );
    expect(contact).toEqual({
      target_uid: 3,
      target_info: { uid: 3, email: "carol@example.com", name: "Carol", gender: 0, language: "de-DE", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password" },
      contact_info: { status: "blocked", created_at: T0, updated_at: T0 + 5 },
    } satisfies Contact);
    assertMatches("UserInfo", contact.target_info);
  });
});
