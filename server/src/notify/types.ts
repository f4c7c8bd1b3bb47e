import type { Gid, Mid, Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";

/**
 * THE NOTIFICATION CONTRACT between the queue (`notify/queue.ts`, `notify/worker.ts`) and the
 * paths that send (Web Push, FCM, the user's notification channels, the e-mail digest).
 *
 * The queue decides WHO is notified of WHAT with the one rule of docs/NOTIFICATIONS.md: a message
 * notifies a recipient when it is a DM to them, mentions them, or is in a channel they have not
 * muted; it is not their own; they are neither a bot nor a guest; and they have not read it by
 * the time the path fires. A path only decides HOW: it receives notifications that already
 * passed that rule, and may apply its own extra filters (a user channel's triggers, say).
 */
export interface PendingNotification {
  /** The recipient. */
  uid: Uid;
  mid: Mid;
  from_uid: Uid;
  /** The sender's display name. */
  sender_name: string;
  /** Where the message was posted: a DM (the other person, i.e. the sender) or a channel. */
  target: { uid: Uid } | { gid: Gid };
  /** The sender's name for a DM, the channel's name for a channel. */
  conversation_name: string;
  /** What kind of message it is: text and markdown show a preview, a file says "a file". */
  kind: "text" | "file" | "other";
  /** The text preview (at most 200 characters); null when the admin turned previews off or it is not text. */
  preview: string | null;
  /** The recipient was mentioned (`@` them, or a reply to them). */
  mentioned: boolean;
  /** The message's `created_at` (ms). */
  created_at: number;
  /** The conversation in the web client, absolute when the frontend URL is configured. */
  url: string;
}

/** What a path reports for one notification: sent, dropped for good (no retry), or failed (retried). */
export type PathOutcome = "sent" | "skipped" | "failed";

/**
 * One way of telling a user. `deliver` gets notifications for ONE recipient, oldest first, and
 * answers one outcome per notification in the same order. It must not throw for a receiver's
 * error (answer "failed"); it may throw only for a bug. Outbound HTTP goes through the SSRF-safe
 * client (`webhooks/send.ts` `outboundOptions`).
 */
export interface NotificationPath {
  readonly name: "webpush" | "fcm" | "channels" | "email";
  deliver(ctx: AppContext, uid: Uid, batch: readonly PendingNotification[]): Promise<PathOutcome[]>;
  /**
   * Optional: which of `uids` this path could reach at all (a push subscription, a device token,
   * a channel of theirs, an e-mail opt-in), asked when a message is expanded so the queue holds
   * no work a path would only skip (a 1,000-member channel, nobody with a phone). Absent: all.
   * The worker asks in chunks of at most 1,000 uids (worker.ts `REACH_CHUNK`), so one `IN (…)`
   * list of them stays under both dialects' bound on parameters.
   */
  recipients?(ctx: AppContext, uids: readonly Uid[]): Promise<ReadonlySet<Uid>>;
  /**
   * Optional: a digest path (the e-mail). When one of a user's notifications is due, the user's
   * later pending ones of this path are handed over in the same batch and finished with it.
   */
  readonly digest?: boolean;
}
