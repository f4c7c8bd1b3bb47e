import { ContentType, type MessageProperties, type MessageTarget } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { dmAudience, groupAudience } from "../events/audience.js";
import type { Audience } from "../events/bus.js";
import { HttpError, badRequest, forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { presentMessage } from "../presenters/messages.js";
import { dmPair, insertMessage, type MessageRow } from "../repos/messages.js";

export interface OutgoingContent {
  content_type: string;
  content: string;
  properties: MessageProperties | null;
}

/** Content types this server stores today; file, audio and archive sends come with the files work. */
const ACCEPTED: ReadonlySet<string> = new Set([ContentType.text, ContentType.markdown]);

/** Maximum stored text length (characters) of one message. */
export const MAX_TEXT_LENGTH = 100_000;

/**
 * Sends a normal message to a channel or a person: checks the target and the actor's right to
 * post, stores one row (the global mid sequence orders it), then publishes the `chat` event to
 * the audience computed from membership: a public channel reaches everyone, a private one its
 * members, a DM both parties (the sender's other devices included).
 */
export async function sendMessage(
  ctx: AppContext,
  actor: TokenClaims,
  target: MessageTarget,
  body: OutgoingContent,
): Promise<MessageRow> {
  if (!ACCEPTED.has(body.content_type)) throw new HttpError(415, "Unsupported Media Type");
  if (body.content.length === 0) throw badRequest("empty message");
  if (body.content.length > MAX_TEXT_LENGTH) throw new HttpError(413, "message too long");

  let audience: Audience;
  let values: { target_gid: number | null; target_uid: number | null; dm_low: number | null; dm_high: number | null };
  if ("gid" in target) {
    const group = await ctx.repos.groups.byId(target.gid);
    if (!group) throw notFound("no such channel");
    const verdict = groupPolicy.canSend(actor, group);
    if (verdict === "not_member") throw forbidden("not a member of this channel");
    if (verdict === "restricted") throw forbidden("only Channel owner can send message!");
    audience = groupAudience(group);
    values = { target_gid: target.gid, target_uid: null, dm_low: null, dm_high: null };
  } else {
    const peer = await ctx.repos.users.byId(target.uid);
    if (!peer || peer.create_by === "guest") throw notFound("no such user");
    const [low, high] = dmPair(actor.uid, target.uid);
    audience = dmAudience(actor.uid, target.uid);
    values = { target_gid: null, target_uid: target.uid, dm_low: low, dm_high: high };
  }

  const row = await insertMessage(ctx.db, {
    from_uid: actor.uid,
    ...values,
    kind: "normal",
    ref_mid: null,
    content_type: body.content_type,
    content: body.content,
    properties: body.properties ? JSON.stringify(body.properties) : null,
    expires_in: null,
    reaction: null,
    created_at: Date.now(),
  });
  ctx.bus.publish({ type: "chat", ...presentMessage(row) }, audience);
  return row;
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
