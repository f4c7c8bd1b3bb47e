/**
 * Notifications (docs/API.md "Web Push (addition)", "FCM", "Notification channels"): the rest of the Web Push routes (`push.ts` has the
 * subscription and payload), the FCM configuration of the mobile apps, and users' notification
 * channels (Telegram, Discord, …).
 */
import type { Gid, Millis, Uid } from "./common.js";

/** `POST /api/user/push/subscriptions` answer (the request and the list are in `push.ts`). */
export interface PushSubscriptionCreated {
  id: number;
}

/** `DELETE /api/user/push/subscriptions` body: the subscription to drop, by endpoint. */
export interface PushUnsubscribeRequest {
  endpoint: string;
}

/**
 * `GET/POST /api/admin/fcm/config`. `private_key` is answered as `SECRET_MASK` when one is stored;
 * posting the mask keeps it. `token_url` overrides Google's OAuth token URL (tests, proxies).
 */
export interface FcmConfig {
  enabled: boolean;
  use_official: boolean;
  token_url?: string | null;
  /** Parley: the FCM API's base URL instead of `https://fcm.googleapis.com` (tests, proxies). */
  send_url?: string | null;
  project_id: string;
  private_key: string;
  client_email: string;
}

export const DEFAULT_FCM_CONFIG: FcmConfig = {
  enabled: false,
  use_official: true,
  token_url: null,
  send_url: null,
  project_id: "",
  private_key: "",
  client_email: "",
};

/** The channel types Parley sends to (the VoceChat web client's `ChannelType`, spelled as it is). */
export const NOTIFICATION_CHANNEL_TYPES = [
  "telegram",
  "discord",
  "feishu",
  "dingtalk",
  "wecombot",
  "bark",
  "gotify",
  "serverchan",
  "pushdeer",
  "matrix",
  "custom_json",
] as const;
export type NotificationChannelType = (typeof NOTIFICATION_CHANNEL_TYPES)[number];

/** One entry of `GET /api/admin/notification/channel-types`, and the `POST` body. */
export interface ChannelTypeSetting {
  channel_type: string;
  enabled: boolean;
}

/** What `GET /api/admin/notification/channel-types` lists and its `POST` answers (VoceChat's `EnabledChannelType`). */
export interface EnabledChannelType extends ChannelTypeSetting {
  id: number;
  created_at: Millis;
  updated_at: Millis;
}

/** One entry of `GET /api/user/notification/available-types`: a type the admin enabled. */
export interface AvailableChannelType {
  id: string;
  name: string;
  description: string;
}

export type ChannelFieldType = "text" | "url" | "number" | "textarea" | "select";

/** One field of a channel type's configuration form. */
export interface ChannelSchemaField {
  name: string;
  type: ChannelFieldType;
  label: string;
  placeholder?: string;
  required: boolean;
  description?: string;
  /** For `select`. */
  options?: { value: string; label: string }[];
}

/** One entry of `GET /api/user/notification/schemas`: how to configure a channel type. */
export interface ChannelSchema {
  type: string;
  name: string;
  description: string;
  fields: ChannelSchemaField[];
}

/** `POST /api/user/notification/channels` and `PUT …/{id}` body. */
export interface NotificationChannelInput {
  channel_type: string;
  name: string;
  enabled: boolean;
  config: Record<string, string | number>;
  trigger_on_all_messages: boolean;
  trigger_on_mentions: boolean;
  trigger_on_groups: Gid[];
  skip_when_online: boolean;
  rate_limit_rps?: number | null;
}

/** A user's notification channel: the input and its ids. `config` holds the type's fields (secrets masked in answers). */
export interface NotificationChannel extends NotificationChannelInput {
  id: number;
  user_id: Uid;
  created_at: Millis;
  updated_at: Millis;
}

/** `POST /api/user/notification/channels/{id}/test` answer. */
export interface ChannelTestResult {
  success: boolean;
  message?: string;
}
