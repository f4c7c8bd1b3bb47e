import type { Group, GroupAnnouncement, PinnedMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { assertMatches } from "../test/contract.js";
import { T0, announcementRow, groupCard, pinRow, privateGroup, publicGroup } from "../test/rows.js";
import { presentAnnouncement, presentGroup, presentPin, type GroupViewer } from "./groups.js";

const firstPin = pinRow({ gid: 20, mid: 100, created_by: 2, created_at: T0 + 10, content: "first", properties: null });
const secondPin = pinRow({ gid: 20, mid: 105, created_by: 3, created_at: T0 + 20, content_type: "text/markdown", content: "**second**", properties: '{"mentions":[3]}' });

const FIRST: PinnedMessage = { mid: 100, created_by: 2, created_at: T0 + 10, properties: null, content_type: "text/plain", content: "first" };
const SECOND: PinnedMessage = { mid: 105, created_by: 3, created_at: T0 + 20, properties: { mentions: [3] }, content_type: "text/markdown", content: "**second**" };

describe("presentPin: PinnedMessage, properties parsed from JSON text", () => {
  it.each([
    ["without properties", firstPin, FIRST],
    ["with properties", secondPin, SECOND],
  ] as const)("%s", (_, row, expected) => {
    const pin = presentPin(row);
    expect(pin).toEqual(expected);
    // The gid is the group's, not the pin's.
    expect(pin).not.toHaveProperty("gid");
    assertMatches("PinnedMessage", pin);
  });
});

/** The private channel `secret` (gid 20) owned by 2, members 2, 3, 6, 8, with two pins. */
const secret = () =>
  privateGroup(2, [2, 3, 6, 8], { gid: 20, name: "secret", description: "the team", avatar_updated_at: T0, show_email: 1, add_friend: 0, dm_to_member: 0, only_owner_can_send_msg: 1, ext_setting: '{"x":1}' }, [firstPin, secondPin]);

/** `secret()` as its card: everything presented. */
const SECRET_WHOLE = groupCard({ gid: 20, owner: 2, name: "secret", description: "the team", members: [2, 3, 6, 8], is_public: false, avatar_updated_at: T0, pinned_messages: [FIRST, SECOND], show_email: true, add_friend: false, dm_to_member: false, only_owner_can_send_msg: true, ext_setting: '{"x":1}' });

/** The public channel `general` (gid 10) of `publicGroup()`, without pins. */
const GENERAL = groupCard();

describe("presentGroup without a viewer: the whole card (docs/API.md 'Object shapes')", () => {
  it("a private channel: owner, members, pins in pin order, switches as booleans", () => {
    const group = presentGroup(secret());
    expect(group).toEqual(SECRET_WHOLE);
    assertMatches("Group", group);
  });

  it("a public channel: owner null and members [] whatever the row holds", () => {
    const row = publicGroup({ gid: 10, owner: 2 });
    const group = presentGroup({ ...row, members: [2, 3] });
    expect(group).toEqual(GENERAL);
    assertMatches("Group", group);
  });

  it("a public channel keeps its pins", () => {
    const pin = pinRow({ gid: 10 });
    expect(presentGroup(publicGroup({ gid: 10 }, [pin])).pinned_messages).toEqual([presentPin(pin)]);
  });

  it.each([
    ["null", null, null],
    ["empty (null when empty, docs/API.md 'Object shapes')", "", null],
    ["text", "about", "about"],
  ] as const)("description %s → %j", (_, description, expected) => {
    expect(presentGroup(publicGroup({ description })).description).toBe(expected);
  });
});

describe("presentGroup for a viewer: only_admin_can_see_channel_members and pins of channels the viewer does not read", () => {
  const viewer = (uid: number | null, is_admin: boolean, hideMembers: boolean): GroupViewer => ({ uid, is_admin, hideMembers });

  it.each<[string, GroupViewer, Partial<Group>]>([
    ["a member, members shown", viewer(3, false, false), {}],
    ["the owner, members hidden", viewer(2, false, true), {}],
    ["an admin member, members hidden", viewer(8, true, true), {}],
    ["a member, members hidden: only themself", viewer(3, false, true), { members: [3] }],
    ["a bot member, members hidden: only itself", viewer(6, false, true), { members: [6] }],
    ["an admin outside the channel: every member, no pins", viewer(1, true, false), { pinned_messages: [] }],
    ["an admin outside the channel, members hidden: every member, no pins", viewer(1, true, true), { pinned_messages: [] }],
    ["someone outside, members shown: no pins", viewer(4, false, false), { pinned_messages: [] }],
    ["someone outside, members hidden: nobody, no pins", viewer(4, false, true), { members: [], pinned_messages: [] }],
    ["anonymous, members hidden: nobody, no pins", viewer(null, false, true), { members: [], pinned_messages: [] }],
    ["anonymous, members shown: no pins", viewer(null, false, false), { pinned_messages: [] }],
  ])("private channel, %s", (_, who, changed) => {
    const group = presentGroup(secret(), who);
    expect(group).toEqual({ ...SECRET_WHOLE, ...changed });
    assertMatches("Group", group);
  });

  it.each<[string, GroupViewer]>([
    ["a guest", viewer(7, false, true)],
    ["anonymous", viewer(null, false, true)],
    ["an admin", viewer(1, true, true)],
  ])("a public channel is the same card for %s, pins included", (_, who) => {
    const pin = pinRow({ gid: 10 });
    expect(presentGroup(publicGroup({ gid: 10 }, [pin]), who)).toEqual({ ...GENERAL, pinned_messages: [presentPin(pin)] });
  });

  it("does not change the loaded group", () => {
    const group = secret();
    presentGroup(group, viewer(3, false, true));
    expect(group.members).toEqual([2, 3, 6, 8]);
    expect(group.pins).toHaveLength(2);
  });
});

describe("presentAnnouncement: GroupAnnouncement", () => {
  it("maps every column", () => {
    expect(presentAnnouncement(announcementRow({ gid: 20, content: "Read the rules", created_by: 3, created_at: T0, updated_at: T0 + 1000 }))).toEqual({
      gid: 20,
      content: "Read the rules",
      created_by: 3,
      created_at: T0,
      updated_at: T0 + 1000,
    } satisfies GroupAnnouncement);
  });
});
