import type { BotApiKey } from "@parley/protocol";
import { BOT_KEY_PREFIX } from "../auth/botKeys.js";
import type { BotKeyRow } from "../repos/botKeys.js";

/** A key in the list (docs/API.md "Bots"): `key` masked, since only its hash is stored. */
export function presentBotKey(row: BotKeyRow): BotApiKey {
  return {
    id: row.id,
    name: row.name,
    key: `${BOT_KEY_PREFIX}…${row.key_hint}`,
    created_at: row.created_at,
    last_used: row.last_used,
  };
}
