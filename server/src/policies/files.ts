import type { TokenClaims } from "../auth/tokens.js";
import type { GroupWithMembers } from "../repos/groups.js";
import type { FileUploadsTable } from "../db/schema.js";
import type { Selectable } from "kysely";

/**
 * Who may do what with files and pictures (docs/API.md "Files"). Reading files, avatars
 * and logos needs no session (clients load them by URL, without headers); writing does.
 */
export const filesPolicy = {
  /** Uploading: members and admins; guests cannot send messages, so they cannot upload. */
  canUpload(actor: TokenClaims): boolean {
    return !actor.is_guest;
  },

  /** An upload in progress continues only for the session's user that prepared it. */
  ownsUpload(actor: TokenClaims, upload: Pick<Selectable<FileUploadsTable>, "uid">): boolean {
    return upload.uid === actor.uid;
  },

  /** A channel's picture: admins for a public channel; the owner or an admin for a private one. */
  canSetGroupAvatar(actor: TokenClaims, group: GroupWithMembers): boolean {
    if (actor.is_guest) return false;
    if (actor.is_admin) return true;
    return group.row.is_public === 0 && group.row.owner === actor.uid;
  },
};
