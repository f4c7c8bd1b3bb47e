import type { Mid, Millis, MessageProperties, MessageTarget, Uid } from "./common.js";

/** Content types a message can carry (docs/API.md "Sending"). */
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

/** `MessageDetail` (docs/API.md "Object shapes"), tagged by `type`. */
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

/** `ChatMessage` (docs/API.md "Object shapes"): history entries and the body of the `chat` event. */
export interface ChatMessage {
  mid: Mid;
  from_uid: Uid;
  created_at: Millis;
  target: MessageTarget;
  detail: MessageDetail;
}

/** The eight quick reactions (docs/API.md "Messages"); `PUT /message/{mid}/like` accepts only these. */
export const QUICK_REACTIONS = ["👍", "❤️", "😄", "👀", "👎", "🎉", "🙁", "🚀"] as const;

/** Header carrying base64 JSON message properties on send routes. */
export const PROPERTIES_HEADER = "X-Properties";

/** `PUT /message/{mid}/like` body. */
export interface LikeMessageRequest {
  action: string;
}

/** `POST /resource/archive` and `POST /favorite` body. */
export interface CreateArchiveRequest {
  mid_list: Mid[];
}

/** `ArchiveUser` (docs/API.md "Object shapes"): a sender, deduplicated; `avatar` is an attachment index. */
export interface ArchiveUser {
  name: string;
  avatar: number | null;
}

/**
 * `ArchiveMessage` (docs/API.md "Object shapes"): a message's merged (current) content; `source` is the
 * conversation from the archiver's point of view (a DM names the other party).
 */
export interface ArchiveMessage {
  from_user: number;
  created_at: Millis;
  mid: Mid;
  source: MessageTarget;
  properties: MessageProperties | null;
  content_type: string;
  /** Text kinds only; files carry `file_id`/`thumbnail_id` attachment indexes instead. */
  content: string | null;
  file_id: number | null;
  thumbnail_id: number | null;
}

/** `Archive` (docs/API.md "Archives"): the HTTP view of a forwarded-messages archive or a favorite. */
export interface Archive {
  users: ArchiveUser[];
  messages: ArchiveMessage[];
  num_attachments: number;
}

/** `FavoriteArchive` (docs/API.md "Favorites"): one saved-messages entry of `GET /favorite`. */
export interface FavoriteArchive {
  id: string;
  created_at: Millis;
}

/** VoceChat's `max_favorite_archives`: `POST /favorite` answers 429 beyond it. */
export const MAX_FAVORITE_ARCHIVES = 100;

/** Parley's `GET /api/message/search`: the default and largest page. */
export const SEARCH_DEFAULT_LIMIT = 50;
export const SEARCH_MAX_LIMIT = 100;
