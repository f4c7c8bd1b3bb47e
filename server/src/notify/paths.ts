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
export const NOTIFICATION_PATHS: readonly NotificationPath[] = [webPushPath, fcmPath, channelsPath, emailPath];
