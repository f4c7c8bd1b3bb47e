import type { FcmConfig, Uid } from "@parley/protocol";
import type { AppContext } from "../../context.js";
import { outboundOptions, type OutboundOptions } from "../../webhooks/send.js";
import { jsonRequest, joinUrl, NOTIFY_TIMEOUT_MS, outbound } from "../request.js";
import type { NotificationPath, PathOutcome, PendingNotification } from "../types.js";
import { DEFAULT_FCM_SEND_URL, DEFAULT_FCM_TOKEN_URL, fcmSends, loadFcmConfig } from "./config.js";
import { accessToken, forgetAccessToken, type ServiceAccount } from "./oauth.js";

/**
 * FCM, for the VoceChat mobile apps (docs/NOTIFICATIONS.md "FCM"): one HTTP v1
 * `projects/{id}/messages:send` per device token of the recipient (`devices.device_token`, set by
 * `PUT /token/device_token` and `PUT /user/update_fcm_token`), in the shape VoceChat sent: the
 * title is the sender (DM) or the channel, the body the text or "You have a new message/file",
 * and `data` names the server, the sender and the conversation, all strings.
 */

/** The message body when there is no preview (VoceChat's words, which the apps show as they are). */
export const bodyOf = (n: PendingNotification): string => n.preview ?? (n.kind === "file" ? "You have a new file" : "You have a new message");

export function fcmMessage(serverId: string, token: string, n: PendingNotification) {
  const data: Record<string, string> = { vocechat_server_id: serverId, vocechat_from_uid: String(n.from_uid) };
  if ("uid" in n.target) data.vocechat_to_uid = String(n.target.uid);
  else data.vocechat_to_gid = String(n.target.gid);
  return { message: { token, notification: { title: n.conversation_name, body: bodyOf(n) }, data } };
}

/** What FCM's answer to one send means for the token and the notification. */
type TokenResult = "sent" | "gone" | "dropped" | "retry";

function judge(status: number, body: string): TokenResult {
  if (status >= 200 && status < 300) return "sent";
  // The app was uninstalled or the token expired (FCM v1: 404 with errorCode UNREGISTERED).
  if (status === 404 || body.includes("UNREGISTERED")) return "gone";
  // A malformed token or message is not made right by retrying.
  if (status === 400) return "dropped";
  return "retry";
}

async function tokensOf(ctx: AppContext, uid: Uid): Promise<string[]> {
  const rows = await ctx.db.selectFrom("devices").select("device_token").where("uid", "=", uid).where("device_token", "is not", null).execute();
  return [...new Set(rows.map((r) => r.device_token ?? "").filter((t) => t !== ""))];
}

/** Clears a token FCM no longer knows, on whichever of the user's devices holds it. */
const clearToken = (ctx: AppContext, uid: Uid, token: string) =>
  ctx.db.updateTable("devices").set({ device_token: null }).where("uid", "=", uid).where("device_token", "=", token).execute();

export const accountOf = (config: FcmConfig): ServiceAccount => ({
  client_email: config.client_email,
  private_key: config.private_key,
  token_url: config.token_url || DEFAULT_FCM_TOKEN_URL,
});

async function deliver(ctx: AppContext, uid: Uid, batch: readonly PendingNotification[]): Promise<PathOutcome[]> {
  const config = await loadFcmConfig(ctx);
  if (!fcmSends(config)) return batch.map(() => "skipped");
  let tokens = await tokensOf(ctx, uid);
  if (tokens.length === 0) return batch.map(() => "skipped");
  const opts: OutboundOptions = outboundOptions(ctx.config.previewAllowPrivate, NOTIFY_TIMEOUT_MS);
  const account = accountOf(config);
  let bearer: string;
  try {
    bearer = await accessToken(account, opts);
  } catch {
    // A token URL that is down, or refuses the account: every notification waits for a retry.
    return batch.map(() => "failed");
  }
  const url = joinUrl(config.send_url || DEFAULT_FCM_SEND_URL, `/v1/projects/${encodeURIComponent(config.project_id)}/messages:send`);
  const outcomes: PathOutcome[] = [];
  for (const n of batch) {
    let sent = false;
    let retry = false;
    for (const token of tokens) {
      let result: TokenResult;
      try {
        const answer = await outbound(jsonRequest("POST", url, fcmMessage(ctx.keys.server_id, token, n), { authorization: `Bearer ${bearer}` }), opts);
        if (answer.status === 401) forgetAccessToken(account);
        result = judge(answer.status, answer.body);
      } catch {
        result = "retry";
      }
      if (result === "sent") sent = true;
      else if (result === "retry") retry = true;
      else if (result === "gone") {
        await clearToken(ctx, uid, token);
        tokens = tokens.filter((t) => t !== token);
      }
    }
    // One device reached is a notification delivered: a retry would repeat it on that device.
    outcomes.push(sent ? "sent" : retry ? "failed" : "skipped");
  }
  return outcomes;
}

/** Only users with a device token, and nobody while FCM does not send: the queue holds no FCM work for the rest. */
async function recipients(ctx: AppContext, uids: readonly Uid[]): Promise<ReadonlySet<Uid>> {
  if (uids.length === 0 || !fcmSends(await loadFcmConfig(ctx))) return new Set();
  const rows = await ctx.db
    .selectFrom("devices")
    .select("uid")
    .distinct()
    .where("uid", "in", [...uids])
    .where("device_token", "is not", null)
    .where("device_token", "!=", "")
    .execute();
  return new Set(rows.map((row) => row.uid));
}

export const fcmPath: NotificationPath = { name: "fcm", deliver, recipients };
