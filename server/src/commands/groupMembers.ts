import type { Gid, Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import type { GroupWithMembers } from "../repos/groups.js";
import { byUid, loadGroup, loadGroupSettings, publishGroupObject, seersAmong } from "./groups.js";

// Who is in a private channel: leave, add, remove, and the one way in that members/add,
// join_private and sign-up invitations share (`admitMembers`). The channel itself (create,
// update, type, delete, clear) is in groups.ts.

/**
 * Publishes `user_joined_group` / `user_leaved_group`. With the member list hidden, only admins
 * and the owner hear about other members; anyone else hears only about themselves.
 */
async function publishMembership(
  ctx: AppContext,
  group: GroupWithMembers,
  type: "user_joined_group" | "user_leaved_group",
  changed: readonly Uid[],
  recipients: readonly Uid[],
  hideMembers: boolean,
): Promise<void> {
  if (recipients.length === 0 || changed.length === 0) return;
  const gid = group.row.gid;
  if (!hideMembers || group.row.is_public === 1) {
    ctx.bus.publish({ type, gid, uid: [...changed] }, { kind: "users", uids: recipients });
    return;
  }
  const seers = await seersAmong(ctx, group, recipients);
  if (seers.size > 0) ctx.bus.publish({ type, gid, uid: [...changed] }, { kind: "users", uids: [...seers] });
  for (const uid of recipients) {
    if (!seers.has(uid) && changed.includes(uid)) ctx.bus.publish({ type, gid, uid: [uid] }, { kind: "users", uids: [uid] });
  }
}


/**
 * `GET /group/{gid}/leave`: 403 for a public channel, a non-member or the owner (who must hand
 * the channel over first). Emits `user_leaved_group{uid:[leaver]}` to the members, leaver included.
 */
export async function leaveGroup(ctx: AppContext, actor: TokenClaims, gid: Gid): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  switch (groupPolicy.canLeave(actor, group)) {
    case "public":
      throw forbidden("everyone is a member of a public channel");
    case "not_member":
      throw forbidden("not a member of this channel");
    case "owner":
      throw forbidden("the owner must transfer ownership before leaving");
    case "ok":
      break;
  }
  const result = await ctx.db.deleteFrom("group_members").where("gid", "=", gid).where("uid", "=", actor.uid).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw forbidden("not a member of this channel");
  const { hideMembers } = await loadGroupSettings(ctx);
  await publishMembership(ctx, group, "user_leaved_group", [actor.uid], group.members, hideMembers);
}

/**
 * Adds users to a private channel and tells everyone concerned: `joined_group` to the new
 * members, `user_joined_group` to the existing ones. Users already in it are skipped. This is
 * the one way in for members/add, join_private and sign-up invitations.
 */
export async function admitMembers(ctx: AppContext, group: GroupWithMembers, uids: readonly Uid[]): Promise<GroupWithMembers> {
  const gid = group.row.gid;
  const now = Date.now();
  const added = await ctx.db.transaction().execute(async (tx) => {
    const added: Uid[] = [];
    for (const uid of [...new Set(uids)].sort(byUid)) {
      const res = await tx
        .insertInto("group_members")
        .values({ gid, uid, created_at: now })
        .onConflict((oc) => oc.columns(["gid", "uid"]).doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) added.push(uid);
    }
    return added;
  });
  return announceNewMembers(ctx, group, added);
}

/**
 * After new members of a private channel were committed: `joined_group` (the card, including
 * them) to each of them and `user_joined_group` to the members it had before.
 */
export async function announceNewMembers(ctx: AppContext, group: GroupWithMembers, added: readonly Uid[]): Promise<GroupWithMembers> {
  const existing = group.members;
  const members = [...new Set([...existing, ...added])].sort(byUid);
  const updated: GroupWithMembers = { ...group, members };
  if (added.length === 0) return updated;
  const { hideMembers } = await loadGroupSettings(ctx);
  await publishGroupObject(ctx, updated, added, (g) => ({ type: "joined_group", group: g }), hideMembers);
  await publishMembership(ctx, updated, "user_joined_group", added, existing, hideMembers);
  return updated;
}

/**
 * `POST /group/{gid}/members/add`: members or admins of a private channel (admins only when
 * `admin_only_can_invite` is on); 403 for a public channel; 400 for an unknown (or guest) uid or
 * someone already in it. An empty list changes nothing.
 */
export async function addMembers(ctx: AppContext, actor: TokenClaims, gid: Gid, uids: Uid[]): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  const settings = await loadGroupSettings(ctx);
  if (group.row.is_public === 1) throw forbidden("everyone is a member of a public channel");
  if (!groupPolicy.canAddMembers(actor, group, settings.invite.admin_only_can_invite)) {
    throw forbidden("you cannot add members to this channel");
  }
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return;
  const known = await ctx.repos.users.existingIds(wanted);
  if (wanted.some((uid) => !known.has(uid))) throw badRequest("unknown uid");
  if (wanted.some((uid) => group.members.includes(uid))) throw badRequest("already a member");
  await admitMembers(ctx, group, wanted);
}

/**
 * `POST /group/{gid}/members/remove`: the owner or an admin; 403 for a public channel or for
 * removing the owner; 404 when one of them is not a member. Emits `kick_from_group{kick}` to the
 * removed users and `user_leaved_group` to the remaining members.
 */
export async function removeMembers(ctx: AppContext, actor: TokenClaims, gid: Gid, uids: Uid[]): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  if (group.row.is_public === 1) throw forbidden("everyone is a member of a public channel");
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can remove members");
  const removed = [...new Set(uids)].sort(byUid);
  if (removed.length === 0) return;
  if (removed.includes(group.row.owner ?? 0)) throw forbidden("the owner cannot be removed");
  if (removed.some((uid) => !group.members.includes(uid))) throw notFound("not a member of this channel");
  await ctx.db.deleteFrom("group_members").where("gid", "=", gid).where("uid", "in", removed).execute();
  const remaining = group.members.filter((uid) => !removed.includes(uid));
  ctx.bus.publish({ type: "kick_from_group", gid, reason: "kick" }, { kind: "users", uids: removed });
  const { hideMembers } = await loadGroupSettings(ctx);
  await publishMembership(ctx, { ...group, members: remaining }, "user_leaved_group", removed, remaining, hideMembers);
}
