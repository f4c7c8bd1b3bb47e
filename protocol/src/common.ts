/** Shapes shared by several areas of the wire (docs/API.md "Conventions", "Object shapes"). */

/** Milliseconds since the Unix epoch. Every timestamp on the wire is one, except the license dates. */
export type Millis = number;
export type Uid = number;
export type Gid = number;
export type Mid = number;

/** Message targets are untagged: a DM target names the recipient, a group target the channel. */
export type TargetUser = { uid: Uid };
export type TargetGroup = { gid: Gid };
export type MessageTarget = TargetUser | TargetGroup;

export const isGroupTarget = (t: MessageTarget): t is TargetGroup => "gid" in t;

/** Free-form extended attributes carried by messages (the decoded `X-Properties` header). */
export type MessageProperties = Record<string, unknown>;

/** The "content triple" that several objects embed at their own level. */
export interface ContentTriple {
  properties: MessageProperties | null;
  content_type: string;
  content: string;
}

/** `UpdateAction` (docs/API.md "Conventions"). */
export type UpdateAction = "create" | "update" | "delete";

/** `KickReason` (docs/API.md "Conventions"). */
export type KickReason = "login_from_other_device" | "delete_user" | "delete_device" | "logout" | "frozen";

/** `KickFromGroupReason` (docs/API.md "Conventions"). */
export type KickFromGroupReason = "kick" | "group_deleted";

export type UserStatus = "normal" | "frozen";
export type CreateUserConflictReason = "name_conflict" | "email_conflict";
export interface UserConflict {
  reason: CreateUserConflictReason;
}
