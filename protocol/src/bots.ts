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

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/**
 * One webhook delivery as the admin page shows it (`GET /admin/user/bot-webhook-deliveries/{uid}`,
 * docs/API.md "Webhooks"). Times in ms since the epoch.
 */
export interface WebhookDelivery {
  id: number;
  mid: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}
