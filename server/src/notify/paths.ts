import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { channelsPath } from "./channels/index.js";
import { emailPath } from "./email/index.js";
import { fcmPath } from "./fcm/index.js";
import type { NotificationPath } from "./types.js";
import { webPushPath } from "./webpush/index.js";

/**
 * THE PATHS the worker hands due notifications to (docs/NOTIFICATIONS.md "Paths"), each by its
 * name in `notify_queue.path`. A new path is one more entry here: the queue, the rule and the
 * retries are the worker's. Web Push, FCM and the channels fire `NOTIFY_PUSH_DELAY_MS` after
 * the message; the e-mail digest after the admin's `msg_smtp_notify_delay_seconds`.
 */

/** Who could be reached at all, for a path that does not say (`NotificationPath.recipients`). */
async function uidsWhere(ctx: AppContext, uids: readonly Uid[], table: "devices" | "notification_channels"): Promise<Set<Uid>> {
  if (uids.length === 0) return new Set();
  const q = ctx.db.selectFrom(table).select("uid").distinct().where("uid", "in", [...uids]);
  const rows = table === "devices" ? await q.where("device_token", "is not", null).execute() : await q.where("enabled", "=", 1).execute();
  return new Set(rows.map((r) => r.uid));
}

/**
 * A path without its own prefilter gets the obvious one, so a 1,000-member channel does not
 * queue 1,000 rows a path would only skip: FCM needs a device token, the channels an enabled
 * channel of the user's.
 */
const withReach = (path: NotificationPath, table: "devices" | "notification_channels"): NotificationPath =>
  path.recipients ? path : { ...path, recipients: (ctx, uids) => uidsWhere(ctx, uids, table) };

export const NOTIFICATION_PATHS: readonly NotificationPath[] = [webPushPath, withReach(fcmPath, "devices"), withReach(channelsPath, "notification_channels"), emailPath];
