/**
 * Bot API keys (`/api/admin/user/bot-api-key/{uid}`, docs/API.md "Bots"). The key itself is
 * answered once, when it is made; the list shows `key` masked (its prefix and last characters).
 */
export interface BotApiKey {
  id: number;
  name: string;
  /** Masked: `parley_bot_…abcd`. Parley stores only the key's hash (VoceChat listed the key). */
  key: string;
  /** ms since the epoch. */
  created_at: number;
  /** ms since the epoch, or null when never used; updated at most once a minute. */
  last_used: number | null;
}
