import type { Group } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AuditRow } from "../repos/audit.js";
import type { FileMessageRow, FileRow } from "../repos/files.js";
import { NEW_GROUP_SETTINGS, type AnnouncementRow, type GroupRow, type GroupWithMembers, type PinRow } from "../repos/groups.js";
import type { NewMessage } from "../repos/messageAppender.js";
import type { MessageRow } from "../repos/messages.js";
import type { ContactRow } from "../repos/userSettings.js";
import type { UserLogRow, UserRow } from "../repos/users.js";

/**
 * Rows as the repos return them (`Selectable` of server/src/db/schema.ts: booleans as 0/1,
 * timestamps in ms, JSON as text), for the pure unit tests of policies and presenters. Every
 * builder fills every column, so a test names only what it is about.
 */

/** A fixed moment, so presented timestamps can be compared exactly. */
export const T0 = 1_700_000_000_000;

/** The claims of a session (`TokenClaims`): a member unless told otherwise. */
export const claims = (uid: number, extra: Partial<Omit<TokenClaims, "uid">> = {}): TokenClaims => ({
  uid,
  device: `web:${uid}`,
  is_admin: false,
  is_guest: false,
  ...extra,
});

export const userRow = (overrides: Partial<UserRow> = {}): UserRow => ({
  uid: 2,
  email: "bob@example.com",
  name: "Bob",
  password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  gender: 0,
  language: "en-US",
  is_admin: 0,
  is_bot: 0,
  create_by: "password",
  status: "normal",
  webhook_url: null,
  avatar_updated_at: 0,
  created_at: T0,
  updated_at: T0,
  msg_smtp_notify_enable: 0,
  is_public: 0,
  widget_id: null,
  ...overrides,
});

export const userLogRow = (overrides: Partial<UserLogRow> = {}): UserLogRow => ({
  log_id: 1,
  uid: 2,
  action: "create",
  email: null,
  name: null,
  gender: null,
  language: null,
  is_admin: null,
  is_bot: null,
  avatar_updated_at: null,
  created_at: T0,
  ...overrides,
});

export const groupRow = (overrides: Partial<GroupRow> = {}): GroupRow => ({
  gid: 10,
  name: "general",
  description: null,
  owner: null,
  is_public: 1,
  ...NEW_GROUP_SETTINGS,
  created_at: T0,
  updated_at: T0,
  ...overrides,
});

/**
 * The card the API answers for `groupRow()` (docs/API.md "Object shapes", `Group`: booleans as booleans, no members
 * or pins): the public channel "general", gid 10, with no owner.
 */
export const groupCard = (overrides: Partial<Group> = {}): Group => ({
  gid: 10,
  owner: null,
  name: "general",
  description: null,
  members: [],
  is_public: true,
  avatar_updated_at: 0,
  pinned_messages: [],
  show_email: false,
  add_friend: true,
  dm_to_member: true,
  only_owner_can_send_msg: false,
  ext_setting: null,
  ...overrides,
});

/** A public channel as `GroupsRepo.byId` loads it: no owner, no explicit members. */
export const publicGroup = (overrides: Partial<GroupRow> = {}, pins: PinRow[] = []): GroupWithMembers => ({
  row: groupRow({ is_public: 1, owner: null, ...overrides }),
  members: [],
  pins,
});

/** A private channel owned by `owner`, with `members` (uid ascending, as the repo answers them). */
export const privateGroup = (owner: number, members: number[], overrides: Partial<GroupRow> = {}, pins: PinRow[] = []): GroupWithMembers => ({
  row: groupRow({ gid: 20, name: "secret", is_public: 0, owner, ...overrides }),
  members: [...members].sort((a, b) => a - b),
  pins,
});

export const pinRow = (overrides: Partial<PinRow> = {}): PinRow => ({
  gid: 20,
  mid: 100,
  created_by: 2,
  created_at: T0,
  content_type: "text/plain",
  content: "pinned",
  properties: null,
  ...overrides,
});

export const announcementRow = (overrides: Partial<AnnouncementRow> = {}): AnnouncementRow => ({
  gid: 20,
  content: "Read the rules",
  created_by: 2,
  created_at: T0,
  updated_at: T0 + 1000,
  ...overrides,
});

/** A normal text message in channel `gid` (a reply or reaction with `kind` and `ref_mid`). */
export const messageRow = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  mid: 100,
  from_uid: 2,
  target_uid: null,
  target_gid: 20,
  dm_low: null,
  dm_high: null,
  kind: "normal",
  ref_mid: null,
  content_type: "text/plain",
  content: "hello",
  properties: null,
  expires_in: null,
  reaction: null,
  created_at: T0,
  edited_content_type: null,
  edited_content: null,
  edited_properties: null,
  expires_at: null,
  ...overrides,
});

/**
 * A text message as the repos insert it (`insertMessage`, `MessageAppender`: no mid, no edit):
 * the `messageRow()` defaults, to be aimed with `overrides`; `newDmRow` for a direct message.
 */
export const newMessageRow = (overrides: Partial<NewMessage> = {}): NewMessage => {
  const { mid: _mid, edited_content_type: _t, edited_content: _c, edited_properties: _p, ...row } = messageRow();
  return { ...row, ...overrides };
};

/** `newMessageRow` from `from` to `to` (the same uid: a note to self), with the conversation's ordered pair. */
export const newDmRow = (from: number, to: number, overrides: Partial<NewMessage> = {}): NewMessage =>
  newMessageRow({ from_uid: from, target_uid: to, target_gid: null, dm_low: Math.min(from, to), dm_high: Math.max(from, to), ...overrides });

/** A direct message from `from` to `to`, with the conversation's ordered pair. */
export const dmRow = (from: number, to: number, overrides: Partial<MessageRow> = {}): MessageRow =>
  messageRow({ from_uid: from, target_uid: to, target_gid: null, dm_low: Math.min(from, to), dm_high: Math.max(from, to), ...overrides });

export const fileRow = (overrides: Partial<FileRow> = {}): FileRow => ({
  path: "2024/1/5/0b6e1f4e-3c2a-4d8e-9f10-1a2b3c4d5e6f",
  uid: 2,
  content_type: "image/png",
  filename: "photo.png",
  size: 2048,
  hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  width: 640,
  height: 480,
  thumbnail_type: "image/png",
  created_at: T0,
  deleted_at: null,
  ...overrides,
});

/** A row of `FilesRepo.fileMessages`: a file message joined with its file (left join). */
export const fileMessageRow = (overrides: Partial<FileMessageRow> = {}): FileMessageRow => ({
  mid: 100,
  from_uid: 2,
  target_gid: 20,
  target_uid: null,
  content_type: "vocechat/file",
  content: "2024/1/5/0b6e1f4e-3c2a-4d8e-9f10-1a2b3c4d5e6f",
  properties: '{"name":"report.pdf","content_type":"application/pdf","size":2048}',
  created_at: T0,
  file_content_type: "application/pdf",
  filename: "report.pdf",
  file_created_at: T0,
  deleted_at: null,
  ...overrides,
});

export const contactRow = (overrides: Partial<ContactRow> = {}): ContactRow => ({
  uid: 2,
  target_uid: 3,
  status: "added",
  remark: null,
  created_at: T0,
  updated_at: T0 + 1000,
  ...overrides,
});

export const auditRow = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  id: 1,
  created_at: T0,
  actor_uid: 1,
  action: "user.created",
  target_uid: 2,
  target_gid: null,
  detail: '{"name":"Bob","email":"bob@example.com","is_admin":false,"is_bot":false}',
  ip: "203.0.113.7",
  ...overrides,
});

/**
 * Flattens a matrix of expected verdicts (one row per actor, one column per resource state)
 * into the cases of an `it.each` table: `{ actor, state, expected }`.
 */
export function matrixCases<A extends string, S extends string, V>(
  states: readonly S[],
  matrix: Record<A, readonly V[]>,
): { actor: A; state: S; expected: V }[] {
  return (Object.entries(matrix) as [A, readonly V[]][]).flatMap(([actor, row]) => {
    if (row.length !== states.length) throw new Error(`matrix row ${actor} has ${row.length} cells for ${states.length} states`);
    return states.map((state, i) => ({ actor, state, expected: row[i] as V }));
  });
}
