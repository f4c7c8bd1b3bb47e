import type { ChatMessage, MessageDetail, MessageProperties, ReactionDetail } from "@parley/protocol";
import type { MessageRow } from "../repos/messages.js";

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

/** `ChatMessage` (contract §4): the history entry and the body of a `chat` event. */
export function presentMessage(m: MessageRow): ChatMessage {
  return {
    mid: m.mid,
    from_uid: m.from_uid,
    created_at: m.created_at,
    target: m.target_gid !== null ? { gid: m.target_gid } : { uid: m.target_uid ?? 0 },
    detail: detailOf(m),
  };
}
