import type { Group, GroupAnnouncement, MessageProperties, PinnedMessage, Uid } from "@parley/protocol";
import { groupPolicy } from "../policies/groups.js";
import type { AnnouncementRow, GroupWithMembers, PinRow } from "../repos/groups.js";

/**
 * Who a `Group` is shown to. Without a viewer the group is presented whole, for audiences that
 * the caller already restricted (members of the channel, admins).
 */
export interface GroupViewer {
  uid: Uid | null;
  is_admin: boolean;
  /** The `only_admin_can_see_channel_members` switch. */
  hideMembers: boolean;
}

export function presentPin(row: PinRow): PinnedMessage {
  return {
    mid: row.mid,
    created_by: row.created_by,
    created_at: row.created_at,
    properties: row.properties ? (JSON.parse(row.properties) as MessageProperties) : null,
    content_type: row.content_type,
    content: row.content,
  };
}

/**
 * `Group` (docs/API.md "Object shapes"): public groups carry `owner: null` and `members: []`; pins
 * are sorted by the time they were pinned and carry the message's current content. For a viewer:
 * - with `only_admin_can_see_channel_members` on, a non-admin who does not own a private
 *   channel sees only themselves in `members` (so "am I a member" still works);
 * - someone who may see a private channel's card but not read it (an admin who is not a member)
 *   gets no pinned messages, as pins carry message content.
 */
export function presentGroup(group: GroupWithMembers, viewer?: GroupViewer): Group {
  const { row } = group;
  const isPublic = row.is_public === 1;
  let members = isPublic ? [] : group.members;
  let pins = group.pins;
  if (viewer && !isPublic) {
    if (!groupPolicy.canSeeMembers(viewer, group, viewer.hideMembers)) members = members.filter((uid) => uid === viewer.uid);
    if (viewer.uid === null || !group.members.includes(viewer.uid)) pins = [];
  }
  return {
    gid: row.gid,
    owner: isPublic ? null : row.owner,
    name: row.name,
    description: row.description || null,
    members,
    is_public: isPublic,
    avatar_updated_at: row.avatar_updated_at,
    pinned_messages: pins.map(presentPin),
    show_email: row.show_email === 1,
    add_friend: row.add_friend === 1,
    dm_to_member: row.dm_to_member === 1,
    only_owner_can_send_msg: row.only_owner_can_send_msg === 1,
    ext_setting: row.ext_setting,
  };
}

export function presentAnnouncement(row: AnnouncementRow): GroupAnnouncement {
  return {
    gid: row.gid,
    content: row.content,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
