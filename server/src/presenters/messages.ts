import type {
  ArchiveMessage,
  ChatMessage,
  MessageDetail,
  MessageProperties,
  MessageTarget,
  ReactionDetail,
  Uid,
} from "@parley/protocol";
import { currentContent, type MessageRow } from "../repos/messages.js";

const parseProps = (json: string | null): MessageProperties | null => (json ? (JSON.parse(json) as MessageProperties) : null);

function detailOf(m: MessageRow): MessageDetail {
  switch (m.kind) {
    case "reply":
      return {
        type: "reply",
        mid: m.ref_mid ?? 0,
        properties: parseProps(m.properties),
        content_type: m.content_type ?? "text/plain",
        content: m.content ?? "",
      };
    case "reaction":
      return { type: "reaction", mid: m.ref_mid ?? 0, detail: JSON.parse(m.reaction ?? '{"type":"delete"}') as ReactionDetail };
    default:
      return {
        type: "normal",
        properties: parseProps(m.properties),
        content_type: m.content_type ?? "text/plain",
        content: m.content ?? "",
        expires_in: m.expires_in,
      };
  }
}

/**
 * `ChatMessage` (docs/API.md "Object shapes"): the history entry and the body of a `chat` event.
 */
export function presentMessage(m: MessageRow): ChatMessage {
  return {
    mid: m.mid,
    from_uid: m.from_uid,
    created_at: m.created_at,
    target: m.target_gid !== null ? { gid: m.target_gid } : { uid: m.target_uid ?? 0 },
    detail: detailOf(m),
  };
}

/**
 * A normal or reply message with its current (edited) content in `detail`: what search
 * results show, since the match was made on that content.
 */
export function presentCurrentMessage(m: MessageRow): ChatMessage {
  const message = presentMessage(m);
  if (message.detail.type === "normal" || message.detail.type === "reply") {
    message.detail = { ...message.detail, ...currentContent(m) };
  }
  return message;
}

/**
 * The `source` of an archived message: the conversation as the archiver sees it (docs/API.md
 * "Archives").
 */
export function archiveSource(archiver: Uid, m: MessageRow): MessageTarget {
  if (m.target_gid !== null) return { gid: m.target_gid };
  return { uid: m.target_uid === archiver ? m.from_uid : (m.target_uid ?? 0) };
}

/**
 * `ArchiveMessage` (docs/API.md "Object shapes"): the merged content. A text message carries its
 * `content`; a file message carries `content: null` and the attachment indexes of its copied bytes
 * in `files` (null when the file had expired when the snapshot was made).
 */
export function presentArchiveMessage(
  archiver: Uid,
  m: MessageRow,
  fromUser: number,
  files: { file_id: number | null; thumbnail_id: number | null } | null = null,
): ArchiveMessage {
  const current = currentContent(m);
  return {
    from_user: fromUser,
    created_at: m.created_at,
    mid: m.mid,
    source: archiveSource(archiver, m),
    properties: current.properties,
    content_type: current.content_type,
    content: files ? null : current.content,
    file_id: files?.file_id ?? null,
    thumbnail_id: files?.thumbnail_id ?? null,
  };
}
