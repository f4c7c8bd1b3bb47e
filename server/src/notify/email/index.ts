import type { Uid } from "@parley/protocol";
import type { AppContext } from "../../context.js";
import { LATEST_PER_CONVERSATION, renderDigest, type DigestConversation } from "../../mail/digest.js";
import { loadNotifySettings } from "../settings.js";
import type { NotificationPath, PathOutcome, PendingNotification } from "../types.js";

/**
 * THE E-MAIL DIGEST (docs/NOTIFICATIONS.md "E-mail digest"): when the admin turned on
 * `msg_smtp_notify_enable` (and SMTP works) and the user opted in (`users.msg_smtp_notify_enable`,
 * an e-mail address), a user's first unread notification fires `msg_smtp_notify_delay_seconds`
 * after its message, and the worker hands over every pending one of theirs with it (`digest`):
 * ONE mail lists the conversations and their latest messages. What they read meanwhile was
 * already dropped by the worker; nothing left, no mail.
 */

/** The users who opted in and have an address. */
async function optedIn(ctx: AppContext, uids: readonly Uid[]): Promise<Map<Uid, { email: string; language: string }>> {
  const out = new Map<Uid, { email: string; language: string }>();
  if (uids.length === 0) return out;
  const rows = await ctx.db
    .selectFrom("users")
    .select(["uid", "email", "language"])
    .where("uid", "in", [...uids])
    .where("msg_smtp_notify_enable", "=", 1)
    .where("email", "is not", null)
    .where("email", "!=", "")
    .execute();
  for (const r of rows) out.set(r.uid, { email: r.email ?? "", language: r.language });
  return out;
}

/** The digest's conversations, the one with the newest message first. */
export function conversationsOf(batch: readonly PendingNotification[]): DigestConversation[] {
  const byKey = new Map<string, PendingNotification[]>();
  for (const n of batch) {
    const key = "gid" in n.target ? `g${n.target.gid}` : `u${n.target.uid}`;
    byKey.set(key, [...(byKey.get(key) ?? []), n]);
  }
  return [...byKey.values()]
    .map((list) => list.sort((a, b) => a.mid - b.mid))
    .sort((a, b) => b[b.length - 1].mid - a[a.length - 1].mid)
    .map((list) => {
      const first = list[0];
      return {
        title: "gid" in first.target ? `#${first.conversation_name}` : first.conversation_name,
        url: first.url,
        unread: list.length,
        latest: list.slice(-LATEST_PER_CONVERSATION).map((n) => ({ sender: n.sender_name, preview: n.preview, kind: n.kind })),
      };
    });
}

async function deliver(ctx: AppContext, uid: Uid, batch: readonly PendingNotification[]): Promise<PathOutcome[]> {
  const settings = await loadNotifySettings(ctx);
  const to = (await optedIn(ctx, [uid])).get(uid);
  // Turned off (by the admin or the user) since the message: nothing to send, ever.
  if (!settings.emailDigest || !to) return batch.map(() => "skipped");
  const mail = renderDigest(to.language, settings.serverName, conversationsOf(batch));
  try {
    await ctx.identity.mailer.send(settings.smtp, { to: to.email, ...mail });
    return batch.map(() => "sent");
  } catch {
    // The mailer reported it (`onError`); the SMTP server may be back at the retry.
    return batch.map(() => "failed");
  }
}

export const emailPath: NotificationPath = {
  name: "email",
  digest: true,
  deliver,
  async recipients(ctx, uids) {
    return new Set((await optedIn(ctx, uids)).keys());
  },
};
