import type { BotConversation, BotConversationPage, Uid } from "@parley/protocol";
import type { BotConversationRow } from "../repos/botChat.js";

/** A stored conversation of `bot` → the wire: a channel by its gid, a DM by the other side's uid. */
export function presentBotConversation(bot: Uid, row: BotConversationRow): BotConversation {
  const peer = row.dm_low === bot ? row.dm_high : row.dm_low;
  const target = row.gid !== null ? { gid: row.gid } : { uid: peer ?? bot };
  return { target, last_mid: row.last_mid, last_created_at: row.last_created_at };
}

/** A page of `limit` rows: a full page points at the next with its last `last_mid`. */
export function presentBotConversationPage(bot: Uid, rows: BotConversationRow[], limit: number): BotConversationPage {
  const next_before = rows.length === limit ? rows[rows.length - 1].last_mid : null;
  return { conversations: rows.map((r) => presentBotConversation(bot, r)), next_before };
}
