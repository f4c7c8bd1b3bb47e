import { SECRET_MASK, type ChannelTestResult, type FcmConfig, type NotificationChannelType } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { badRequest, forbidden, HttpError, notFound } from "../http/errors.js";
import { catalogOf } from "../notify/channels/catalog.js";
import { ChannelConfigError, validateConfig, type ChannelConfig } from "../notify/channels/config.js";
import { sendThrough } from "../notify/channels/index.js";
import * as store from "../notify/channels/store.js";
import { FCM_CONFIG_KEY, loadFcmConfig, normalizePrivateKey } from "../notify/fcm/config.js";
import { describeChange, recordAudit, setConfigAudited, type AuditActor } from "./audit.js";
import { configuredFrontendUrl } from "./frontend.js";

/**
 * The notification settings (docs/API.md "FCM" and "Notification channels"): the admin's FCM
 * config and channel types, and each user's own channels. The sending itself is the paths'
 * (`notify/`); here are the checks and the writes.
 */

const isHttpUrl = (value: string) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value);

/** `POST /admin/fcm/config`: a `private_key` of `SECRET_MASK` keeps the stored key. */
export async function saveFcmConfig(ctx: AppContext, input: FcmConfig, audit: AuditActor): Promise<void> {
  const stored = await loadFcmConfig(ctx);
  let privateKey = input.private_key === SECRET_MASK ? stored.private_key : input.private_key.trim();
  if (privateKey !== "") {
    const pem = normalizePrivateKey(privateKey);
    if (pem === null) throw badRequest("private_key: not an RSA private key in PEM (the service account's private_key)");
    privateKey = pem;
  }
  const next: FcmConfig = {
    enabled: input.enabled,
    use_official: input.use_official,
    token_url: input.token_url?.trim() || null,
    send_url: input.send_url?.trim() || null,
    project_id: input.project_id.trim(),
    private_key: privateKey,
    client_email: input.client_email.trim(),
  };
  for (const name of ["token_url", "send_url"] as const) {
    const value = next[name];
    if (value && !isHttpUrl(value)) throw badRequest(`${name}: expected an http(s) URL`);
  }
  if (next.enabled && !next.use_official) {
    for (const name of ["project_id", "private_key", "client_email"] as const) if (next[name] === "") throw badRequest(`${name}: required to send with your own Firebase project`);
    if (!/^[a-z0-9-]+$/i.test(next.project_id)) throw badRequest("project_id: letters, digits and dashes only");
  }
  const { private_key: _key, ...visible } = next;
  await setConfigAudited(ctx, FCM_CONFIG_KEY, next, audit, {
    action: "settings.fcm",
    detail: describeChange({ ...visible, ...(next.private_key !== stored.private_key ? { private_key: true } : {}) }, ["private_key"]),
  });
}

/** `POST /admin/notification/channel-types`: turns a type on or off for everyone. */
export async function setChannelType(ctx: AppContext, channelType: NotificationChannelType, enabled: boolean, audit: AuditActor): Promise<store.ChannelTypeRow> {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await store.setChannelType(tx, channelType, enabled, Date.now());
    await recordAudit(tx, audit, { action: "settings.notification_channel_types", detail: { channel_type: channelType, enabled } });
    return row;
  });
}

/** `DELETE /admin/notification/channel-types/{type}`: the type reads off again (a type without a setting already does: 200 too, nothing audited). */
export async function deleteChannelType(ctx: AppContext, channelType: NotificationChannelType, audit: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (await store.deleteChannelType(tx, channelType)) await recordAudit(tx, audit, { action: "settings.notification_channel_types", detail: { channel_type: channelType, enabled: null } });
  });
}

/** Bots and guests are never notified (docs/NOTIFICATIONS.md), so they keep no channels. Guests stop at `guards.member`. */
export async function assertNotifiable(ctx: AppContext, uid: number): Promise<void> {
  const user = await ctx.repos.users.byId(uid);
  if (!user || user.is_bot === 1 || user.create_by === "guest") throw forbidden("bots and guests get no notifications");
}

/** The most channels one user may keep. */
export const MAX_CHANNELS_PER_USER = 20;

export interface ChannelInput {
  channel_type: NotificationChannelType;
  name: string;
  enabled: boolean;
  config: Record<string, unknown>;
  trigger_on_all_messages: boolean;
  trigger_on_mentions: boolean;
  trigger_on_groups: number[];
  skip_when_online: boolean;
  rate_limit_rps?: number | null;
}

async function assertTypeEnabled(ctx: AppContext, channelType: string): Promise<void> {
  if (!(await store.enabledChannelTypes(ctx.db)).has(channelType)) throw forbidden(`channel type ${channelType} is not enabled on this server`);
}

function fieldsOf(input: ChannelInput, stored: ChannelConfig = {}): store.ChannelFields {
  const entry = catalogOf(input.channel_type);
  if (!entry) throw badRequest(`channel_type: unknown`);
  let config: ChannelConfig;
  try {
    config = validateConfig(entry, input.config, stored);
  } catch (err) {
    if (err instanceof ChannelConfigError) throw badRequest(err.message);
    throw err;
  }
  return {
    channel_type: input.channel_type,
    name: input.name,
    enabled: input.enabled,
    config,
    trigger_on_all_messages: input.trigger_on_all_messages,
    trigger_on_mentions: input.trigger_on_mentions,
    trigger_on_groups: [...new Set(input.trigger_on_groups)],
    skip_when_online: input.skip_when_online,
    rate_limit_rps: input.rate_limit_rps ?? null,
  };
}

export async function createChannel(ctx: AppContext, uid: number, input: ChannelInput): Promise<store.StoredChannel> {
  await assertNotifiable(ctx, uid);
  await assertTypeEnabled(ctx, input.channel_type);
  const fields = fieldsOf(input);
  if ((await store.countChannels(ctx.db, uid)) >= MAX_CHANNELS_PER_USER) throw badRequest(`at most ${MAX_CHANNELS_PER_USER} notification channels`);
  return store.insertChannel(ctx.db, uid, fields, Date.now());
}

/** A type the admin turned off still lets its channels be edited (to turn them off) and deleted; moving to another type needs that type on. */
export async function updateChannel(ctx: AppContext, uid: number, id: number, input: ChannelInput): Promise<store.StoredChannel> {
  await assertNotifiable(ctx, uid);
  const before = await store.findChannel(ctx.db, uid, id);
  if (!before) throw notFound("no such notification channel");
  if (before.channel_type !== input.channel_type) await assertTypeEnabled(ctx, input.channel_type);
  const fields = fieldsOf(input, before.channel_type === input.channel_type ? before.config : {});
  const after = await store.updateChannel(ctx.db, uid, id, fields, Date.now());
  if (!after) throw notFound("no such notification channel");
  return after;
}

export async function deleteChannel(ctx: AppContext, uid: number, id: number): Promise<void> {
  await assertNotifiable(ctx, uid);
  if (!(await store.deleteChannel(ctx.db, uid, id))) throw notFound("no such notification channel");
}

/**
 * `POST /user/notification/channels/{id}/test`: one message through the channel, whatever its
 * triggers and switch. 200 `{success: true}`; 502 with the service's answer when it refused it or
 * could not be reached (the user's settings or the service are at fault, not the request).
 */
export async function testChannel(ctx: AppContext, uid: number, id: number): Promise<ChannelTestResult> {
  await assertNotifiable(ctx, uid);
  const channel = await store.findChannel(ctx.db, uid, id);
  if (!channel) throw notFound("no such notification channel");
  await assertTypeEnabled(ctx, channel.channel_type);
  const url = (await configuredFrontendUrl(ctx)) ?? "";
  const verdict = await sendThrough(ctx, channel, {
    title: "Parley",
    body: "This is a test notification from Parley.",
    url,
    sender: "Parley",
    conversation: channel.name,
  });
  if (verdict.result !== "sent") throw new HttpError(502, `The ${channel.channel_type} service did not take the message: ${verdict.detail}`);
  return { success: true, message: verdict.detail };
}
