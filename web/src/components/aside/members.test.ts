/** The member listing (docs/ARCHITECTURE.md "Client rules"): admins, then bots, then members; who manages; the hidden list. */
import { describe, expect, it } from "vitest";
import type { StoredUser } from "../../app/slices/users";
import { canManageChannel, channelMemberIds, groupMembers, membersHidden } from "./members";

const u = (uid: number, name: string, extra: Partial<StoredUser> = {}): StoredUser => ({
  uid,
  name,
  email: `${name.toLowerCase()}@example.com`,
  gender: 0,
  language: "en",
  is_admin: false,
  is_bot: false,
  avatar_updated_at: 0,
  create_by: "password",
  ...extra,
});
const users: Record<number, StoredUser> = {
  1: u(1, "Zed", { is_admin: true }),
  2: u(2, "Ann"),
  3: u(3, "Bot", { is_bot: true, is_admin: true }),
  4: u(4, "Bea", { online: true }),
  5: u(5, "Abe", { is_admin: true, online: true }),
};

describe("members", () => {
  it("groups admins (not bots), bots and members, online first then by name", () => {
    expect(groupMembers([1, 2, 3, 4, 5], users)).toEqual([
      { role: "admin", uids: [5, 1] },
      { role: "bot", uids: [3] },
      { role: "member", uids: [4, 2] },
    ]);
    expect(groupMembers([1, 2, 3, 4, 5], users, "B")).toEqual([
      { role: "admin", uids: [5] },
      { role: "bot", uids: [3] },
      { role: "member", uids: [4] },
    ]);
  });

  it("lists everyone for a public channel and the members of a private one", () => {
    const dir = { ids: [1, 2, 3, 4, 5], byId: users };
    expect(channelMemberIds({ is_public: true, members: [] }, dir)).toEqual([1, 2, 3, 4, 5]);
    expect(channelMemberIds({ is_public: false, members: [2, 4, 99] }, dir)).toEqual([2, 4]);
  });

  it("lets admins and a private channel's owner manage it, and hides the list from others when the server says so", () => {
    const priv = { is_public: false, owner: 2 };
    expect(canManageChannel(priv, { uid: 2, is_admin: false })).toBe(true);
    expect(canManageChannel(priv, { uid: 4, is_admin: false })).toBe(false);
    expect(canManageChannel({ is_public: true, owner: null }, { uid: 4, is_admin: false })).toBe(false);
    expect(canManageChannel({ is_public: true, owner: null }, { uid: 1, is_admin: true })).toBe(true);
    const on = JSON.stringify({ only_admin_can_see_channel_members: true });
    expect(membersHidden(on, priv, { uid: 4, is_admin: false })).toBe(true);
    expect(membersHidden(on, priv, { uid: 1, is_admin: true })).toBe(false);
    expect(membersHidden(on, priv, { uid: 2, is_admin: false })).toBe(false);
    expect(membersHidden(null, priv, { uid: 4, is_admin: false })).toBe(false);
    expect(membersHidden("not json", priv, { uid: 4, is_admin: false })).toBe(false);
  });
});
