import type { Group } from "@parley/protocol";
import type { StoredUser } from "../../app/slices/users";

export type MemberRole = "admin" | "bot" | "member";
export const MEMBER_ROLES: MemberRole[] = ["admin", "bot", "member"];

/** Member listing (docs/ARCHITECTURE.md "Client rules"): admin = is_admin and not a bot. */
export const roleOf = (u: Pick<StoredUser, "is_admin" | "is_bot">): MemberRole => (u.is_bot ? "bot" : u.is_admin ? "admin" : "member");

/** Everyone is in a public channel; a private one lists its members. */
export function channelMemberIds(channel: Pick<Group, "is_public" | "members">, users: { ids: number[]; byId: Record<number, StoredUser> }): number[] {
  return channel.is_public ? users.ids : channel.members.filter((uid) => !!users.byId[uid]);
}

/** Whether a person matches what was typed (`query`, trimmed and lower case): in the name or the e-mail address. */
export function matchesPerson(u: StoredUser, query: string): boolean {
  return !query || u.name.toLowerCase().includes(query) || (u.email ?? "").toLowerCase().includes(query);
}

/**
 * The member listing (docs/ARCHITECTURE.md "Client rules"): the three roles in order, each with
 * the people online first, then by name; `filter` matches names and e-mails.
 */
export function groupMembers(uids: number[], users: Record<number, StoredUser>, filter = ""): { role: MemberRole; uids: number[] }[] {
  const q = filter.trim().toLowerCase();
  const groups: Record<MemberRole, StoredUser[]> = { admin: [], bot: [], member: [] };
  for (const uid of uids) {
    const u = users[uid];
    if (!u) continue;
    if (!matchesPerson(u, q)) continue;
    groups[roleOf(u)].push(u);
  }
  return MEMBER_ROLES.map((role) => ({
    role,
    uids: groups[role].sort((a, b) => Number(!!b.online) - Number(!!a.online) || a.name.localeCompare(b.name) || a.uid - b.uid).map((u) => u.uid),
  }));
}

/** Who manages a channel (docs/API.md "Groups"): admins, and the owner of a private one. */
export const canManageChannel = (channel: Pick<Group, "is_public" | "owner">, me: { uid: number; is_admin: boolean } | null | undefined) =>
  !!me && (me.is_admin || (!channel.is_public && channel.owner === me.uid));

/** `only_admin_can_see_channel_members` (server `ext_setting`): the member list is for admins (and the owner). */
export function membersHidden(extSetting: string | null | undefined, channel: Pick<Group, "is_public" | "owner">, me: { uid: number; is_admin: boolean } | null | undefined): boolean {
  let on = false;
  try {
    on = !!JSON.parse(extSetting || "{}").only_admin_can_see_channel_members;
  } catch {
    on = false;
  }
  return on && !canManageChannel(channel, me);
}
