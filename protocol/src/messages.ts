import type { Mid, Millis, MessageProperties, MessageTarget, Uid } from "./common.js";

/** Content types a message can carry (spec §3, contract §6.2). */
export const ContentType = {
  text: "text/plain",
  markdown: "text/markdown",
  file: "vocechat/file",
  audio: "vocechat/audio",
  archive: "vocechat/archive",
} as const;
export type ContentType = (typeof ContentType)[keyof typeof ContentType];

/** Content types that can be posted to a send route. */
export const SENDABLE_CONTENT_TYPES: readonly string[] = Object.values(ContentType);

export type ReactionDetail =
  | { type: "edit"; properties: MessageProperties | null; content_type: string; content: string }
  | { type: "like"; action: string }
  | { type: "delete" };

/** `MessageDetail` (contract §4), tagged by `type`. */
export type MessageDetail =
  | {
      type: "normal";
      properties: MessageProperties | null;
      content_type: string;
      content: string;
      expires_in: number | null;
    }
  | { type: "reply"; mid: Mid; properties: MessageProperties | null; content_type: string; content: string }
  | { type: "reaction"; mid: Mid; detail: ReactionDetail };

/** `ChatMessage` (contract §4): history entries and the body of the `chat` event. */
export interface ChatMessage {
  mid: Mid;
  from_uid: Uid;
  created_at: Millis;
  target: MessageTarget;
  detail: MessageDetail;
}

/** The eight quick reactions of spec §9; `PUT /message/{mid}/like` accepts only these. */
export const QUICK_REACTIONS = ["👍", "❤️", "😄", "👀", "👎", "🎉", "🙁", "🚀"] as const;

/** Header carrying base64 JSON message properties on send routes. */
export const PROPERTIES_HEADER = "X-Properties";
