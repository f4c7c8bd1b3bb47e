import { ContentType, type Mid, type MessageProperties, type MessageTarget, type ReactionDetail, type Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { dmAudience, groupAudience } from "../events/audience.js";
import type { Audience } from "../events/bus.js";
import { HttpError, badRequest, forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { messagePolicy } from "../policies/messages.js";
import { presentMessage } from "../presenters/messages.js";
import type { GroupWithMembers } from "../repos/groups.js";
import { dmPair, insertMessage, removeMessage, type MessageRow } from "../repos/messages.js";
import { refreshPinnedMessage } from "./pins.js";
import { resolveFileContent } from "./files.js";
import { liveArchive } from "./archives.js";
import { assertCanWriteDirectly } from "./direct.js";
import { queueing, wakeWebhooks, webhookBotsFor } from "../webhooks/index.js";
import { queueDeliveries } from "../webhooks/outbox.js";
import { notifyQueueing } from "../notify/queue.js";
import { wakeNotifications } from "../notify/index.js";

export interface OutgoingContent {
  content_type: string;
  content: string;
  properties: MessageProperties | null;
}

/**
 * Content types this server stores today: text, markdown, forwards (`vocechat/archive`, the
 * path of an archive made by `POST /resource/archive`) and files (`vocechat/file`,
 * `vocechat/audio`: `{"path"}` of an upload, see `resolveFileContent`).
 */
const ACCEPTED: ReadonlySet<string> = new Set([ContentType.text, ContentType.markdown, ContentType.archive, ContentType.file, ContentType.audio]);

/** Maximum stored text length (characters) of one message. */
export const MAX_TEXT_LENGTH = 100_000;

/** Where a new message goes: the stored target columns and who hears about it. */
interface Placement {
  values: { target_gid: number | null; target_uid: number | null; dm_low: number | null; dm_high: number | null };
  audience: Audience;
}

/**
 * Checks the body of a send, reply or edit (docs/API.md "Sending"): 415 for a kind this server does
 * not store, 400 empty, 413 too long; a forward must name an existing, unexpired archive (400).
 */
async function checkContent(ctx: AppContext, body: OutgoingContent): Promise<OutgoingContent> {
  if (!ACCEPTED.has(body.content_type)) throw new HttpError(415, "Unsupported Media Type");
  body = await resolveFileContent(ctx, body); // a file send becomes its path plus the file's properties
  let content = body.content;
  if (body.content_type === ContentType.archive) {
    content = content.trim();
    if (!content || !(await liveArchive(ctx, content))) throw badRequest("no such archive");
  }
  if (content.length === 0) throw badRequest("empty message");
  if (content.length > MAX_TEXT_LENGTH) throw new HttpError(413, "message too long");
  return { ...body, content };
}

/**
 * A channel message: the channel must exist and be visible to the actor (404 either way, so an
 * outsider learns nothing of a private channel) and the actor may post there (403).
 */
function groupPlacement(actor: TokenClaims, group: GroupWithMembers | undefined): Placement {
  if (!group || !groupPolicy.canView(actor, group)) throw notFound("no such channel");
  const verdict = groupPolicy.canSend(actor, group);
  if (verdict === "not_member") throw forbidden("not a member of this channel");
  if (verdict === "restricted") throw forbidden("only Channel owner can send message!");
  return {
    values: { target_gid: group.row.gid, target_uid: null, dm_low: null, dm_high: null },
    audience: groupAudience(group),
  };
}

/**
 * A direct message from the actor to `peer`: sends and DM replies both come through here, so
 * restrictions on writing to a person (blocks, `dm_enable`, contact verification) are checked
 * here (`assertCanWriteDirectly`, 403).
 */
async function dmPlacement(ctx: AppContext, actor: TokenClaims, peer: Uid): Promise<Placement> {
  const user = await ctx.repos.users.byId(peer);
  if (!user || user.create_by === "guest") throw notFound("no such user");
  await assertCanWriteDirectly(ctx, actor, user);
  const [low, high] = dmPair(actor.uid, peer);
  return {
    values: { target_gid: null, target_uid: peer, dm_low: low, dm_high: high },
    audience: dmAudience(actor.uid, peer),
  };
}

/**
 * Sends a normal message to a channel or a person: checks the target and the actor's right to
 * post, stores one row (the global mid sequence orders it), then publishes the `chat` event to
 * the audience computed from membership: a public channel reaches everyone, a private one its
 * members, a DM both parties (the sender's other devices included).
 *
 * When the sender has a burn-after-reading setting for the conversation, the message carries
 * its `expires_in` and is deleted for good when it runs out (`sweepExpiredMessages`).
 */
export async function sendMessage(
  ctx: AppContext,
  actor: TokenClaims,
  target: MessageTarget,
  body: OutgoingContent,
): Promise<MessageRow> {
  const content = await checkContent(ctx, body);
  const placement =
    "gid" in target ? groupPlacement(actor, await ctx.repos.groups.byId(target.gid, { withPins: false })) : await dmPlacement(ctx, actor, target.uid);
  const expiresIn = await ctx.repos.userSettings.burnAfterReading(actor.uid, target);
  const bots = await webhookBotsFor(ctx, placement.audience, actor.uid);
  const now = Date.now();
  const row = await ctx.repos.messages.append({
    from_uid: actor.uid,
    ...placement.values,
    kind: "normal",
    ref_mid: null,
    content_type: content.content_type,
    content: content.content,
    properties: content.properties ? JSON.stringify(content.properties) : null,
    expires_in: expiresIn,
    expires_at: expiresIn ? now + expiresIn * 1000 : null,
    reaction: null,
    created_at: now,
  }, notifyQueueing(queueing(bots)));
  ctx.bus.publish({ type: "chat", ...presentMessage(row) }, placement.audience);
  wakeWebhooks(ctx, bots);
  wakeNotifications(ctx);
  return row;
}

/** A message with its channel (undefined for a DM); 404 when either is gone. */
async function loadMessage(ctx: AppContext, mid: Mid): Promise<{ row: MessageRow; group: GroupWithMembers | undefined }> {
  const row = await ctx.repos.messages.byId(mid);
  if (!row) throw notFound("no such message");
  if (row.target_gid === null) return { row, group: undefined };
  const group = await ctx.repos.groups.byId(row.target_gid, { withPins: false });
  if (!group) throw notFound("no such message");
  return { row, group };
}

/**
 * Where a reaction or reply to `original` goes (docs/API.md "Object shapes", direct-message
 * targets): a channel message's channel; in a DM "the other party" relative to the actor. The
 * stored pair is the original's conversation, so history and backlog find it there. The audience is
 * null for a channel that no longer exists.
 */
function placementFor(
  actorUid: Uid,
  original: MessageRow,
  group: GroupWithMembers | undefined,
): { values: Placement["values"]; audience: Audience | null } {
  if (original.target_gid !== null) {
    return {
      values: { target_gid: original.target_gid, target_uid: null, dm_low: null, dm_high: null },
      audience: group ? groupAudience(group) : null,
    };
  }
  const targetUid = original.target_uid === actorUid ? original.from_uid : (original.target_uid ?? 0);
  const low = original.dm_low ?? 0;
  const high = original.dm_high ?? 0;
  return { values: { target_gid: null, target_uid: targetUid, dm_low: low, dm_high: high }, audience: dmAudience(low, high) };
}

/** A reaction row, and its webhook deliveries to `bots` in the same transaction (`tx`). */
async function insertReaction(
  tx: Db,
  from: Uid,
  original: MessageRow,
  placement: Pick<Placement, "values">,
  detail: ReactionDetail,
  bots: readonly Uid[],
): Promise<MessageRow> {
  const row = await insertMessage(tx, {
    from_uid: from,
    ...placement.values,
    kind: "reaction",
    ref_mid: original.mid,
    content_type: null,
    content: null,
    properties: null,
    expires_in: null,
    reaction: JSON.stringify(detail),
    created_at: Date.now(),
  });
  await queueDeliveries(tx, bots, row);
  return row;
}

/**
 * PINNED-MESSAGE REFRESH. After a channel message's content changed (edit) or it was deleted
 * (delete, bulk delete, burn-after-reading expiry), its pin, if any, shows the current content
 * or is dropped, with `pinned_message_updated` to the channel (commands/pins.ts).
 */
async function afterContentChanged(ctx: AppContext, original: MessageRow, deleted: boolean): Promise<void> {
  if (original.target_gid === null) return;
  await refreshPinnedMessage(ctx, original.target_gid, original.mid, { deleted });
}

/**
 * `PUT /message/{mid}/edit`: a new reaction message `{type:"edit", …content}` from the sender.
 * The original keeps its content (history shows it, then the edit, as VoceChat does); its
 * merged content, which pins, archives and search use, becomes the edit's.
 */
export async function editMessage(ctx: AppContext, actor: TokenClaims, mid: Mid, body: OutgoingContent): Promise<MessageRow> {
  const content = await checkContent(ctx, body);
  const { row, group } = await loadMessage(ctx, mid);
  if (!messagePolicy.canEdit(actor, row, group)) throw forbidden("only the sender can edit this message");
  const placement = placementFor(actor.uid, row, group);
  const bots = await webhookBotsFor(ctx, placement.audience, actor.uid);
  const properties = content.properties ? JSON.stringify(content.properties) : null;
  const reaction = await ctx.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable("messages")
      .set({ edited_content_type: content.content_type, edited_content: content.content, edited_properties: properties })
      .where("mid", "=", mid)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound("no such message");
    return insertReaction(tx, actor.uid, row, placement, { type: "edit", ...content }, bots);
  });
  if (placement.audience) ctx.bus.publish({ type: "chat", ...presentMessage(reaction) }, placement.audience);
  wakeWebhooks(ctx, bots);
  await afterContentChanged(ctx, row, false);
  return reaction;
}

/**
 * `PUT /message/{mid}/like`: a new reaction message `{type:"like", action}`. The server does
 * not toggle or deduplicate: the client removes a like when the same user sends
 * the same action again (docs/API.md "Messages").
 */
export async function likeMessage(ctx: AppContext, actor: TokenClaims, mid: Mid, action: string): Promise<MessageRow> {
  const { row, group } = await loadMessage(ctx, mid);
  if (!messagePolicy.canLike(actor, row, group)) throw forbidden("cannot react to this message");
  const placement = placementFor(actor.uid, row, group);
  const bots = await webhookBotsFor(ctx, placement.audience, actor.uid);
  // A transaction only when deliveries go with it: a like is otherwise one insert.
  const reaction =
    bots.length === 0
      ? await insertReaction(ctx.db, actor.uid, row, placement, { type: "like", action }, bots)
      : await ctx.db.transaction().execute((tx) => insertReaction(tx, actor.uid, row, placement, { type: "like", action }, bots));
  if (placement.audience) ctx.bus.publish({ type: "chat", ...presentMessage(reaction) }, placement.audience);
  wakeWebhooks(ctx, bots);
  return reaction;
}

type Target = { row: MessageRow; group: GroupWithMembers | undefined };

/**
 * Deletes messages and announces each with a reaction `{type:"delete"}` from `from(original)`.
 * Unlike VoceChat, the content is really removed (the row, its edits and likes, its search
 * entry), so history, the backlog, search and new archives no longer have it. A message of a
 * channel that no longer exists is removed without an announcement. Answers the reactions.
 */
async function removeAll(ctx: AppContext, targets: readonly Target[], from: (original: MessageRow) => Uid): Promise<MessageRow[]> {
  let queued = false;
  // The bots to notify are read before the transaction: the read may go to the database (the
  // cached set was dropped), and on SQLite's one connection a read outside an open transaction
  // waits for it to end — forever, from inside it.
  const planned = await Promise.all(
    targets.map(async ({ row, group }) => {
      const placement = placementFor(from(row), row, group);
      return { row, placement, bots: await webhookBotsFor(ctx, placement.audience, from(row)) };
    }),
  );
  const done = await ctx.db.transaction().execute(async (tx) => {
    const out: { original: MessageRow; reaction: MessageRow | null; audience: Audience | null }[] = [];
    for (const { row, placement, bots } of planned) {
      // A concurrent delete (or the expiry sweep) got there first: nothing to announce.
      if (!(await removeMessage(tx, row.mid))) continue;
      queued ||= bots.length > 0;
      const reaction = placement.audience ? await insertReaction(tx, from(row), row, placement, { type: "delete" }, bots) : null;
      out.push({ original: row, reaction, audience: placement.audience });
    }
    return out;
  });
  if (queued) ctx.jobs.webhooks.wake();
  const reactions: MessageRow[] = [];
  for (const { original, reaction, audience } of done) {
    if (reaction && audience) {
      ctx.bus.publish({ type: "chat", ...presentMessage(reaction) }, audience);
      reactions.push(reaction);
    }
    await afterContentChanged(ctx, original, true);
  }
  return reactions;
}

/** `DELETE /message/{mid}`: the sender or an admin; answers the delete reaction's row. */
export async function deleteMessage(ctx: AppContext, actor: TokenClaims, mid: Mid): Promise<MessageRow> {
  const target = await loadMessage(ctx, mid);
  if (!messagePolicy.canDelete(actor, target.row)) throw forbidden("only the sender or an admin can delete this message");
  const [reaction] = await removeAll(ctx, [target], () => actor.uid);
  if (!reaction) throw notFound("no such message");
  return reaction;
}

/**
 * `DELETE /message/bulk/{mid,mid,…}`: all or nothing. Every mid must exist (404) and be
 * deletable by the actor (403) before any is deleted; answers how many were deleted.
 */
export async function deleteMessages(ctx: AppContext, actor: TokenClaims, mids: readonly Mid[]): Promise<number> {
  const targets: Target[] = [];
  for (const mid of [...new Set(mids)].sort((a, b) => a - b)) {
    const target = await loadMessage(ctx, mid);
    if (!messagePolicy.canDelete(actor, target.row)) throw forbidden("only the sender or an admin can delete this message");
    targets.push(target);
  }
  return (await removeAll(ctx, targets, () => actor.uid)).length;
}

/**
 * `POST /message/{mid}/reply`: a new message `{type:"reply", mid, …content}` in the original's
 * conversation, from anyone who may post there (restricted channels included). Replies carry
 * no `expires_in` (docs/API.md "Object shapes").
 */
export async function replyToMessage(ctx: AppContext, actor: TokenClaims, mid: Mid, body: OutgoingContent): Promise<MessageRow> {
  const content = await checkContent(ctx, body);
  const { row, group } = await loadMessage(ctx, mid);
  const verdict = messagePolicy.canReply(actor, row, group);
  if (verdict === "restricted") throw forbidden("only Channel owner can send message!");
  if (verdict !== "ok") throw forbidden("cannot reply to this message");
  const placement = group
    ? groupPlacement(actor, group)
    : await dmPlacement(ctx, actor, placementFor(actor.uid, row, group).values.target_uid ?? 0);
  const bots = await webhookBotsFor(ctx, placement.audience, actor.uid);
  const reply = await ctx.repos.messages.append({
    from_uid: actor.uid,
    ...placement.values,
    kind: "reply",
    ref_mid: mid,
    content_type: content.content_type,
    content: content.content,
    properties: content.properties ? JSON.stringify(content.properties) : null,
    expires_in: null,
    reaction: null,
    created_at: Date.now(),
  }, notifyQueueing(queueing(bots)));
  ctx.bus.publish({ type: "chat", ...presentMessage(reply) }, placement.audience);
  wakeWebhooks(ctx, bots);
  wakeNotifications(ctx);
  return reply;
}

/** How many expired messages one sweep pass removes in one transaction. */
const SWEEP_BATCH = 200;

/**
 * Burn after reading: deletes the messages whose `expires_at` has passed, each announced as a
 * reaction `{type:"delete"}` from its own sender to the conversation's audience. A pass stops
 * after a few batches so one tick stays short; the next tick continues.
 */
export async function sweepExpiredMessages(ctx: AppContext, now = Date.now()): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < 10; pass++) {
    const rows = await ctx.repos.messages.expiredAt(now, SWEEP_BATCH);
    const groups = new Map<number, GroupWithMembers | undefined>();
    const targets: Target[] = [];
    for (const row of rows) {
      const gid = row.target_gid;
      if (gid !== null && !groups.has(gid)) groups.set(gid, await ctx.repos.groups.byId(gid, { withPins: false }));
      targets.push({ row, group: gid === null ? undefined : groups.get(gid) });
    }
    await removeAll(ctx, targets, (original) => original.from_uid);
    total += rows.length;
    if (rows.length < SWEEP_BATCH) break;
  }
  return total;
}

/** Decodes the `X-Properties` header: base64 of a UTF-8 JSON object; anything else is null. */
export function decodeProperties(header: string | string[] | undefined): MessageProperties | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as MessageProperties) : null;
  } catch {
    return null;
  }
}
