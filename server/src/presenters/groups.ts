import type { Group } from "@parley/protocol";
import type { GroupWithMembers } from "../repos/groups.js";

/** `Group` (contract §4): public groups carry `owner: null` and `members: []`. */
export function presentGroup({ row, members }: GroupWithMembers): Group {
  const isPublic = row.is_public === 1;
  return {
    gid: row.gid,
    owner: isPublic ? null : row.owner,
    name: row.name,
    description: row.description || null,
    members: isPublic ? [] : members,
    is_public: isPublic,
    avatar_updated_at: row.avatar_updated_at,
    pinned_messages: [],
    show_email: row.show_email === 1,
    add_friend: row.add_friend === 1,
    dm_to_member: row.dm_to_member === 1,
    only_owner_can_send_msg: row.only_owner_can_send_msg === 1,
    ext_setting: row.ext_setting,
  };
}
