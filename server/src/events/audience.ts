import type { Uid } from "@parley/protocol";
import type { GroupWithMembers } from "../repos/groups.js";
import type { Audience } from "./bus.js";

/** Who hears about a channel: every stream for a public one, its members for a private one. */
export function groupAudience(group: GroupWithMembers): Audience {
  return group.row.is_public === 1 ? { kind: "everyone" } : { kind: "users", uids: group.members };
}

/** Both parties of a direct conversation (one when a user writes to themself). */
export function dmAudience(a: Uid, b: Uid): Audience {
  return { kind: "users", uids: a === b ? [a] : [a, b] };
}

/** The same user's other devices, e.g. for `user_settings_changed`. */
export function otherDevices(uid: Uid, device: string): Audience {
  return { kind: "users", uids: [uid], exceptDevice: device };
}
