import type { AvailableChannelType, EnabledChannelType, NotificationChannel, NotificationChannelType } from "@parley/protocol";
import { catalogOf, type CatalogEntry } from "../notify/channels/catalog.js";
import { maskConfig } from "../notify/channels/config.js";
import type { ChannelTypeRow, StoredChannel } from "../notify/channels/store.js";

/** The notification channels' wire shapes (docs/API.md "Notification channels"), as the VoceChat web client types them. */

export const presentChannelType = (row: ChannelTypeRow): EnabledChannelType => ({
  id: row.id,
  channel_type: row.channel_type as NotificationChannelType,
  enabled: row.enabled === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const presentAvailableType = (entry: CatalogEntry): AvailableChannelType => ({ id: entry.type, name: entry.name, description: entry.description });

/** A user's channel: every secret of its config masked. */
export const presentChannel = (channel: StoredChannel): NotificationChannel => ({
  id: channel.id,
  user_id: channel.uid,
  channel_type: channel.channel_type,
  name: channel.name,
  enabled: channel.enabled,
  config: maskConfig(catalogOf(channel.channel_type), channel.config),
  trigger_on_all_messages: channel.trigger_on_all_messages,
  trigger_on_mentions: channel.trigger_on_mentions,
  trigger_on_groups: channel.trigger_on_groups,
  skip_when_online: channel.skip_when_online,
  rate_limit_rps: channel.rate_limit_rps,
  created_at: channel.created_at,
  updated_at: channel.updated_at,
});
