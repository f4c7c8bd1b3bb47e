import type { MessageTarget } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { assertCanWriteDirectly } from "./direct.js";

/** One `typing` event per (user, conversation) per this many ms; calls in between are accepted but not re-sent. */
export const TYPING_INTERVAL_MS = 2_000;

/** When each (uid, target) last emitted, per server context (tests run several servers in one process). */
const lastSent = new WeakMap<AppContext, Map<string, number>>();

/**
 * Whether (uid, target) emitted within the interval. In a cluster the mark is one Redis key
 * (`SET NX PX`) so calls spread over nodes still make one event per interval (docs/CLUSTER.md
 * "Rate limits"); on a single node, or while Redis is away, this process remembers.
 */
async function throttled(ctx: AppContext, key: string, now: number): Promise<boolean> {
  const redis = ctx.cluster.redis;
  if (redis?.status === "ready") {
    try {
      return (await redis.set(ctx.cluster.key(`typing:${key}`), "1", "PX", TYPING_INTERVAL_MS, "NX")) !== "OK";
    } catch {
      // Counted here instead.
    }
  }
  let map = lastSent.get(ctx);
  if (!map) lastSent.set(ctx, (map = new Map()));
  const last = map.get(key);
  if (last !== undefined && now - last < TYPING_INTERVAL_MS) return true;
  map.set(key, now);
  if (map.size > 10_000) {
    for (const [k, at] of map) if (now - at >= TYPING_INTERVAL_MS) map.delete(k);
  }
  return false;
}

/**
 * Parley extension `POST /user/typing`: tells the other members of a conversation that the
 * caller is typing, as `{type:"typing", uid, target}` with the target the caller named (a DM
 * names the peer, as a `chat` event does). Never stored. The peer of a DM gets it (403 when the
 * caller may not write to them: a block, DMs off, contact verification); a channel's members get it (public: every stream) except
 * the caller's own streams. Unknown targets are 404, channels the caller cannot post to 403.
 * At most one event per (caller, target) every 2 s; extra calls succeed without an event.
 */
export async function notifyTyping(ctx: AppContext, actor: TokenClaims, target: MessageTarget): Promise<void> {
  if ("gid" in target) {
    const group = await ctx.repos.groups.byId(target.gid);
    if (!group || !groupPolicy.canView(actor, group)) throw notFound("no such channel");
    if (groupPolicy.canSend(actor, group) !== "ok") throw forbidden("cannot post in this channel");
    if (await throttled(ctx, `${actor.uid}:g${target.gid}`, Date.now())) return;
    const event = { type: "typing" as const, uid: actor.uid, target: { gid: target.gid } };
    if (group.row.is_public === 1) ctx.bus.publish(event, { kind: "everyone", exceptUid: actor.uid });
    else ctx.bus.publish(event, { kind: "users", uids: group.members.filter((uid) => uid !== actor.uid) });
    return;
  }
  const peer = await ctx.repos.users.byId(target.uid);
  if (!peer || peer.create_by === "guest") throw notFound("no such user");
  if (peer.uid === actor.uid) return; // writing a note to oneself: nobody to tell
  await assertCanWriteDirectly(ctx, actor, peer);
  if (await throttled(ctx, `${actor.uid}:u${peer.uid}`, Date.now())) return;
  ctx.bus.publish({ type: "typing", uid: actor.uid, target: { uid: peer.uid } }, { kind: "users", uids: [peer.uid] });
}
