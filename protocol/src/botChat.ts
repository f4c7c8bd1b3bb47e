import type { Mid, MessageTarget, Millis } from "./common.js";

/**
 * The admin bot viewer (`/api/admin/bot_chat/*`, docs/API.md "Bots"): an admin browses the
 * conversations a bot takes part in and reads their history.
 */

/** One of a bot's conversations: a DM (`{uid}`, the other side) or a channel (`{gid}`). */
export interface BotConversation {
  target: MessageTarget;
  /** The conversation's newest message (reactions and edits included, as history shows them). */
  last_mid: Mid;
  last_created_at: Millis;
}

/** `GET /admin/bot_chat/{bot_uid}/conversations`: a page, the most recently active first. */
export interface BotConversationPage {
  conversations: BotConversation[];
  /** `before` for the next page; null on the last page. */
  next_before: Mid | null;
}

export const BOT_CONVERSATIONS_DEFAULT_LIMIT = 50;
export const BOT_CONVERSATIONS_MAX_LIMIT = 200;
