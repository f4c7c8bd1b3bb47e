import type { Gid, Mid, Millis, MessageProperties, Uid } from "./common.js";
import type { GroupAnnouncement } from "./events.js";

/** `PinnedMessage` (docs/API.md "Object shapes"); content is the current (edited) content. */
export interface PinnedMessage {
  mid: Mid;
  created_by: Uid;
  created_at: Millis;
  properties: MessageProperties | null;
  content_type: string;
  content: string;
}

/**
 * `Group` (docs/API.md "Object shapes"). Public groups have `owner: null` and `members: []` (every user is
 * implicitly a member); private groups list their members explicitly.
 */
export interface Group {
  gid: Gid;
  owner: Uid | null;
  name: string;
  description: string | null;
  members: Uid[];
  is_public: boolean;
  avatar_updated_at: Millis;
  pinned_messages: PinnedMessage[];
  /** Newer-server extensions (docs/API.md "Groups", `PUT /group/{gid}`). */
  show_email: boolean;
  add_friend: boolean;
  dm_to_member: boolean;
  only_owner_can_send_msg: boolean;
  ext_setting: string | null;
}

/** `POST /api/group` body. */
export interface CreateGroupRequest {
  name: string;
  description?: string | null;
  members?: Uid[] | null;
  is_public?: boolean | null;
}

/** `POST /api/group` response. */
export interface CreateGroupResponse {
  gid: Gid;
  created_at: Millis;
}

/** `PUT /api/group/{gid}` body. */
export interface UpdateGroupRequest {
  name?: string | null;
  description?: string | null;
  owner?: Uid | null;
  show_email?: boolean | null;
  add_friend?: boolean | null;
  dm_to_member?: boolean | null;
  only_owner_can_send_msg?: boolean | null;
  ext_setting?: string | null;
}

export interface ChangeGroupTypeRequest {
  is_public: boolean;
  members?: Uid[] | null;
}

/** `POST /api/group/{gid}/pin` and `/unpin` body. */
export interface PinMessageRequest {
  mid: Mid;
}

/** `GET /api/group/{gid}/announcement` response (docs/API.md "Groups"). */
export interface GroupAnnouncementResponse {
  announcement: GroupAnnouncement | null;
}

/** `POST /api/group/{gid}/announcement` body. */
export interface SetGroupAnnouncementRequest {
  content: string;
}

/** `POST /api/user/join_private` body (docs/API.md "Invite links"); answers the joined `Group`. */
export interface JoinPrivateRequest {
  magic_token: string;
}
