import * as z from "zod";
import { NOTIFICATION_CHANNEL_TYPES } from "@parley/protocol";
import { idParam, idValue } from "../shared.js";

/** `POST /admin/fcm/config` (docs/API.md "FCM"): VoceChat's fields, and Parley's `send_url`. */
export const fcmConfigBody = z.object({
  enabled: z.boolean(),
  use_official: z.boolean(),
  token_url: z.string().max(2_048).nullish(),
  send_url: z.string().max(2_048).nullish(),
  project_id: z.string().max(256),
  private_key: z.string().max(16_384),
  client_email: z.string().max(320),
});

const channelType = z.enum(NOTIFICATION_CHANNEL_TYPES);

/** `POST /admin/notification/channel-types`. */
export const channelTypeBody = z.object({ channel_type: channelType, enabled: z.boolean() });
export const channelTypeParams = z.object({ type: channelType });

/**
 * `POST /user/notification/channels` and `PUT …/{id}` (the VoceChat client's Create/Update DTO;
 * the update's `id` in the body is ignored, the path names the channel). What the client always
 * sends is required; the switches default as its form does.
 */
export const channelBody = z.object({
  channel_type: channelType,
  name: z.string().trim().min(1).max(64),
  enabled: z.boolean().default(true),
  config: z.record(z.string().max(64), z.unknown()).refine((c) => Object.keys(c).length <= 32, "too many fields"),
  trigger_on_all_messages: z.boolean().default(false),
  trigger_on_mentions: z.boolean().default(true),
  trigger_on_groups: z.array(idValue).max(500).default([]),
  skip_when_online: z.boolean().default(false),
  rate_limit_rps: z.number().positive().max(100).nullish(),
});

export const channelParams = z.object({ id: idParam });
