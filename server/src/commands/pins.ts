import type { Gid, Mid, MessageProperties } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { groupAudience } from "../events/audience.js";
import { HttpError, forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { presentPin } from "../presenters/groups.js";
import type { PinRow } from "../repos/groups.js";
import { loadGroup } from "./groups.js";

/** What a pin shows of its message: the message's current (edited) content. */
export interface PinnedContent {
  content_type: string;
  content: string;
  properties: MessageProperties | null;
}

const parseJson = <T>(text: string | null): T | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

/**
 * The current content of a channel message: its merged content after edits (the `edited_*`
 * columns) or else its original. Null when the message does not exist (deleted messages are
 * removed), belongs to another conversation, or is not a normal message or a reply.
 */
export async function currentGroupMessageContent(ctx: AppContext, gid: Gid, mid: Mid): Promise<PinnedContent | null> {
  const row = await ctx.repos.messages.byId(mid);
  if (!row || row.target_gid !== gid || (row.kind !== "normal" && row.kind !== "reply")) return null;
  const edited = row.edited_content !== null;
  return {
    content_type: (edited ? row.edited_content_type : row.content_type) ?? "text/plain",
    content: (edited ? row.edited_content : row.content) ?? "",
    properties: parseJson<MessageProperties>(edited ? row.edited_properties : row.properties),
  };
}

/**
 * `POST /group/{gid}/pin`: admins for a public channel, the owner or an admin for a private
 * one; 404 when the message does not exist, is not in this channel or was deleted; 409 when it
 * is already pinned. Emits `pinned_message_updated` with the pin to the channel's audience.
 */
export async function pinMessage(ctx: AppContext, actor: TokenClaims, gid: Gid, mid: Mid): Promise<PinRow> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can pin messages");
  const content = await currentGroupMessageContent(ctx, gid, mid);
  if (!content) throw notFound("no such message in this channel");
  if (group.pins.some((p) => p.mid === mid)) throw new HttpError(409, "already pinned");
  const row = await ctx.db
    .insertInto("pinned_messages")
    .values({
      gid,
      mid,
      created_by: actor.uid,
      created_at: Date.now(),
      content_type: content.content_type,
      content: content.content,
      properties: content.properties ? JSON.stringify(content.properties) : null,
    })
    .onConflict((oc) => oc.columns(["gid", "mid"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new HttpError(409, "already pinned");
  ctx.bus.publish({ type: "pinned_message_updated", gid, mid, msg: presentPin(row) }, groupAudience(group));
  return row;
}

/** `POST /group/{gid}/unpin`: same permissions; 404 when not pinned. Emits `pinned_message_updated{msg:null}`. */
export async function unpinMessage(ctx: AppContext, actor: TokenClaims, gid: Gid, mid: Mid): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can unpin messages");
  const result = await ctx.db.deleteFrom("pinned_messages").where("gid", "=", gid).where("mid", "=", mid).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("this message is not pinned");
  ctx.bus.publish({ type: "pinned_message_updated", gid, mid, msg: null }, groupAudience(group));
}

/**
 * PINNED-MESSAGE REFRESH, for the message commands. Call it after an edit, a delete, a bulk
 * delete or a burn-after-reading expiry of a channel message has been committed; it does
 * nothing when the message is not pinned in channel `gid`.
 *
 * - `deleted: false` (an edit): the pin's copy takes the message's current content (the
 *   `edited_*` columns) and `pinned_message_updated{gid, mid, msg}` carries it to the channel.
 * - `deleted: true`, or the message is gone: the pin is removed and
 *   `pinned_message_updated{gid, mid, msg: null}` is sent.
 */
export async function refreshPinnedMessage(ctx: AppContext, gid: Gid, mid: Mid, opts: { deleted?: boolean } = {}): Promise<void> {
  const group = await ctx.repos.groups.byId(gid);
  if (!group || !group.pins.some((p) => p.mid === mid)) return;
  const content = opts.deleted ? null : await currentGroupMessageContent(ctx, gid, mid);
  if (!content) {
    const result = await ctx.db.deleteFrom("pinned_messages").where("gid", "=", gid).where("mid", "=", mid).executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) ctx.bus.publish({ type: "pinned_message_updated", gid, mid, msg: null }, groupAudience(group));
    return;
  }
  const row = await ctx.db
    .updateTable("pinned_messages")
    .set({
      content_type: content.content_type,
      content: content.content,
      properties: content.properties ? JSON.stringify(content.properties) : null,
    })
    .where("gid", "=", gid)
    .where("mid", "=", mid)
    .returningAll()
    .executeTakeFirst();
  if (row) ctx.bus.publish({ type: "pinned_message_updated", gid, mid, msg: presentPin(row) }, groupAudience(group));
}
