import type { Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { GroupWithMembers } from "../repos/groups.js";

/** The server switches that decide who may invite (`/admin/system/common` and its ext_setting). */
export interface InviteSettings {
  /** `SystemCommon.who_can_invite_users`: false restricts inviting to admins. */
  who_can_invite_users: boolean;
  /** `ext_setting.admin_only_can_invite`: true restricts inviting to admins. */
  admin_only_can_invite: boolean;
}

/**
 * Who may do what with a channel (docs/API.md "Groups"). Policies are pure: they take the
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

  /**
   * Seeing a channel at all: anyone for a public one; members and admins for a private one. To
   * anyone else a private channel does not exist: every route that names it answers as for an
   * unknown gid and stores nothing (docs/API.md, "General"; `loadGroup` applies it).
   */
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

  /**
   * Managing a channel (update, delete, change type, pins, clear, announcement, removing
   * members): admins for a public channel, its owner or an admin for a private one.
   */
  canManage(actor: TokenClaims, group: GroupWithMembers): boolean {
    if (actor.is_guest) return false;
    if (actor.is_admin) return true;
    return group.row.is_public === 0 && group.row.owner === actor.uid;
  },

  /** Leaving: only a plain member of a private channel; its owner must hand it over first. */
  canLeave(actor: TokenClaims, group: GroupWithMembers): "ok" | "public" | "not_member" | "owner" {
    if (group.row.is_public === 1) return "public";
    if (!group.members.includes(actor.uid)) return "not_member";
    if (group.row.owner === actor.uid) return "owner";
    return "ok";
  },

  /** Inviting people by link (sign-up and channel links, mailed invites): restricted to admins by the server switches. Adding existing users to a channel is `canAddMembers`, which only `admin_only_can_invite` restricts (docs/API.md "Groups"). */
  mayInvite(actor: TokenClaims, settings: InviteSettings): boolean {
    if (actor.is_guest) return false;
    if (actor.is_admin) return true;
    return settings.who_can_invite_users && !settings.admin_only_can_invite;
  },

  /**
   * Adding members to a private channel: its members and admins, unless admin-only (docs/API.md
   * "Groups").
   */
  canAddMembers(actor: TokenClaims, group: GroupWithMembers, adminOnlyCanInvite: boolean): boolean {
    if (group.row.is_public === 1 || actor.is_guest) return false;
    if (actor.is_admin) return true;
    return !adminOnlyCanInvite && group.members.includes(actor.uid);
  },

  /** Invite links into a channel: for a private one the inviter must be a member or an admin. */
  canInviteInto(actor: TokenClaims, group: GroupWithMembers): boolean {
    return group.row.is_public === 1 || actor.is_admin || group.members.includes(actor.uid);
  },

  /**
   * `only_admin_can_see_channel_members`: when on, a private channel's member list is shown
   * only to admins and to its owner (who manages it); everyone else sees just themselves.
   */
  canSeeMembers(viewer: { uid: Uid | null; is_admin: boolean }, group: GroupWithMembers, hideMembers: boolean): boolean {
    if (!hideMembers || group.row.is_public === 1 || viewer.is_admin) return true;
    return viewer.uid !== null && group.row.owner === viewer.uid;
  },
};
