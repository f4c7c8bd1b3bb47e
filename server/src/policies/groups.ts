import type { Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { GroupWithMembers } from "../repos/groups.js";

/**
 * Who may do what with a channel (spec §6, contract §3.3). Policies are pure: they take the
 * actor's claims and the loaded group and answer; routes turn a "no" into 403.
 */
export const groupPolicy = {
  /** Public channels are created by admins only when `only_admin_can_create_group` is on. */
  canCreate(actor: TokenClaims, isPublic: boolean, onlyAdminCanCreateGroup: boolean): boolean {
    if (actor.is_guest) return false;
    if (isPublic && onlyAdminCanCreateGroup) return actor.is_admin;
    return true;
  },

  isMember(uid: Uid, group: GroupWithMembers): boolean {
    return group.row.is_public === 1 || group.members.includes(uid);
  },

  /** Seeing a channel's card (name, members): anyone for a public one; members and admins for a private one. */
  canView(actor: TokenClaims, group: GroupWithMembers): boolean {
    return group.row.is_public === 1 || actor.is_admin || group.members.includes(actor.uid);
  },

  /**
   * Reading messages: anyone for a public channel, members only for a private one. Admins
   * manage private channels but do not read their conversations unless they are members.
   */
  canRead(actor: TokenClaims, group: GroupWithMembers): boolean {
    return group.row.is_public === 1 || group.members.includes(actor.uid);
  },

  /** Sending: members only; on a restricted channel only the owner and admins. */
  canSend(actor: TokenClaims, group: GroupWithMembers): "ok" | "not_member" | "restricted" {
    if (actor.is_guest) return "not_member";
    if (!this.isMember(actor.uid, group)) return "not_member";
    if (group.row.only_owner_can_send_msg === 1 && !actor.is_admin && group.row.owner !== actor.uid) return "restricted";
    return "ok";
  },
};
