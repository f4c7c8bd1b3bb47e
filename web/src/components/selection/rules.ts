/**
 * Who may do what with messages, as the server decides it (docs/API.md "Messages", "Pins",
 * "Archives"), so the client can disable a control and say why instead of failing with a 403.
 */
import { ContentType, type Group } from "@parley/protocol";
import type { StoredMessage } from "../../app/slices/messages";
import { ARCHIVABLE } from "../../app/services/favorite";

export interface Viewer {
  me?: number;
  isAdmin?: boolean;
}

/** Pin and unpin: admins only on a public channel; the owner or an admin on a private one. */
export function canPin(channel: Pick<Group, "is_public" | "owner"> | undefined, { me, isAdmin }: Viewer): boolean {
  if (!channel) return false;
  if (isAdmin) return true;
  return !channel.is_public && me !== undefined && channel.owner === me;
}

/** Text and markdown have text to copy. */
export const hasText = (m: Pick<StoredMessage, "content_type">) => m.content_type === ContentType.text || m.content_type === ContentType.markdown;

/** Only text, markdown and file messages can be archived (forwarded or saved). */
export const canArchive = (m: Pick<StoredMessage, "content_type">) => ARCHIVABLE.includes(m.content_type);

/** A file message whose file is an image. */
export function isImage(m: Pick<StoredMessage, "content_type" | "properties">): boolean {
  const type = m.properties?.content_type;
  return m.content_type === ContentType.file && typeof type === "string" && type.startsWith("image/");
}

export const canDelete = (m: Pick<StoredMessage, "from_uid">, { me, isAdmin }: Viewer) => !!isAdmin || (me !== undefined && m.from_uid === me);

/** Why a bulk action is refused (an i18n key), or null when it is allowed. */
export interface BulkState {
  count: number;
  forward: string | null;
  save: string | null;
  delete: string | null;
}

export function bulkState(messages: Pick<StoredMessage, "from_uid" | "content_type">[], viewer: Viewer): BulkState {
  const count = messages.length;
  const none = count === 0 ? "selection.reason_none" : null;
  const archivable = messages.every(canArchive) ? null : "selection.reason_unsupported";
  return {
    count,
    forward: none ?? archivable,
    save: none ?? archivable,
    delete: none ?? (messages.every((m) => canDelete(m, viewer)) ? null : "selection.reason_not_own"),
  };
}
