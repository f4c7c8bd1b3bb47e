import type { NotificationChannelType, Uid } from "@parley/protocol";
import type { AppContext } from "../../context.js";
import { PreviewFetchError } from "../../preview/fetch.js";
import { outboundOptions } from "../../webhooks/send.js";
import { NOTIFY_TIMEOUT_MS, outbound } from "../request.js";
import type { NotificationPath, PathOutcome, PendingNotification } from "../types.js";
import { bodyOf } from "../fcm/index.js";
import { isChannelType } from "./catalog.js";
import { buildRequest, judgeAnswer, type ChannelMessage, type Verdict } from "./senders.js";
import { enabledChannelTypes, listChannels, type StoredChannel } from "./store.js";

/**
 * A USER'S OWN NOTIFICATION CHANNELS (docs/NOTIFICATIONS.md "Notification channels"): each
 * notification goes to every enabled channel of the recipient whose type the admin has on and
 * whose triggers it meets:
 * - `trigger_on_all_messages`: every notification;
 * - `trigger_on_mentions`: a mention, and a DM (a DM is addressed to the user, as a mention is);
 * - `trigger_on_groups`: any message in one of those channels;
 * - `skip_when_online`: nothing while the user has a stream open anywhere (`ctx.presence`);
 * - `rate_limit_rps`: at most that many sends per second (a burst of one second's worth); what
 *   is over it is dropped, not delayed: the limit is there to stop a flood.
 * The outcome of a notification is `sent` when a channel took it, `failed` (retried) when none
 * did and one answered something worth a retry (429, 5xx, unreachable), else `skipped`.
 */

export function messageOf(n: PendingNotification): ChannelMessage {
  const text = bodyOf(n);
  const inChannel = "gid" in n.target;
  return {
    title: inChannel ? `#${n.conversation_name}` : n.conversation_name,
    body: inChannel ? `${n.sender_name}: ${text}` : text,
    url: n.url,
    sender: n.sender_name,
    conversation: n.conversation_name,
  };
}

export function triggers(channel: StoredChannel, n: PendingNotification): boolean {
  if (channel.trigger_on_all_messages) return true;
  const isDm = "uid" in n.target;
  if (channel.trigger_on_mentions && (n.mentioned || isDm)) return true;
  return "gid" in n.target && channel.trigger_on_groups.includes(n.target.gid);
}

/**
 * Per channel token buckets, in this process: the notification worker sends on one node at a
 * time (its lease), so one node's view is the channel's whole traffic.
 */
const bucketsOf = new WeakMap<AppContext, Map<number, { tokens: number; at: number }>>();
export function takeToken(ctx: AppContext, channel: StoredChannel, now = Date.now()): boolean {
  const rps = channel.rate_limit_rps;
  if (rps === null || rps <= 0) return true;
  let buckets = bucketsOf.get(ctx);
  if (!buckets) bucketsOf.set(ctx, (buckets = new Map()));
  const capacity = Math.max(1, rps);
  const bucket = buckets.get(channel.id) ?? { tokens: capacity, at: now };
  bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rps);
  bucket.at = now;
  buckets.set(channel.id, bucket);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** Sends one message through one channel; never throws for the service's or the network's failure. */
export async function sendThrough(ctx: AppContext, channel: StoredChannel, message: ChannelMessage): Promise<Verdict> {
  if (!isChannelType(channel.channel_type)) return { result: "refused", detail: "unknown channel type" };
  const type: NotificationChannelType = channel.channel_type;
  try {
    const answer = await outbound(buildRequest(type, channel.config, message), outboundOptions(ctx.config.previewAllowPrivate, NOTIFY_TIMEOUT_MS));
    return judgeAnswer(type, answer);
  } catch (err) {
    // The SSRF guard's refusal stays a refusal: the address will not become allowed by retrying.
    if (err instanceof PreviewFetchError) return { result: "refused", detail: `the service's address is not allowed: ${err.message}` };
    return { result: "retry", detail: `could not reach the service: ${err instanceof Error ? err.message : String(err)}` };
  }
}

async function deliver(ctx: AppContext, uid: Uid, batch: readonly PendingNotification[]): Promise<PathOutcome[]> {
  const [channels, types] = await Promise.all([listChannels(ctx.db, uid), enabledChannelTypes(ctx.db)]);
  const usable = channels.filter((c) => c.enabled && types.has(c.channel_type));
  if (usable.length === 0) return batch.map(() => "skipped");
  const online = ctx.presence.isOnline(uid);
  const outcomes: PathOutcome[] = [];
  for (const n of batch) {
    let sent = false;
    let retry = false;
    for (const channel of usable) {
      if (channel.skip_when_online && online) continue;
      if (!triggers(channel, n) || !takeToken(ctx, channel)) continue;
      const verdict = await sendThrough(ctx, channel, messageOf(n));
      if (verdict.result === "sent") sent = true;
      else if (verdict.result === "retry") retry = true;
    }
    outcomes.push(sent ? "sent" : retry ? "failed" : "skipped");
  }
  return outcomes;
}

/** Only users with an enabled channel of a type that is on: the queue holds no channel work for the rest. */
async function recipients(ctx: AppContext, uids: readonly Uid[]): Promise<ReadonlySet<Uid>> {
  const types = [...(await enabledChannelTypes(ctx.db))];
  if (uids.length === 0 || types.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom("notification_channels")
    .select("uid")
    .distinct()
    .where("uid", "in", [...uids])
    .where("enabled", "=", 1)
    .where("channel_type", "in", types)
    .execute();
  return new Set(rows.map((row) => row.uid));
}

export const channelsPath: NotificationPath = { name: "channels", deliver, recipients };
