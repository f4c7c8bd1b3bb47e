import { MAGIC_LINK_TTL_S, type Gid, type Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { HttpError, badRequest, forbidden } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import type { GroupWithMembers } from "../repos/groups.js";
import { consumeInvite, insertInvite, peekInvite, type InviteKind } from "../repos/invites.js";
import { admitMembers, announceNewMembers } from "./groupMembers.js";
import { loadGroup, loadGroupSettings } from "./groups.js";

/**
 * `expired_in` when none is given: VoceChat's `magic_token_expiry_seconds`, 15 minutes (docs/API.md
 * "Invite links").
 */
export const INVITE_DEFAULT_EXPIRY_S = MAGIC_LINK_TTL_S;
/** The longest invite the client offers: 30 days (docs/API.md "Invite links"). */
export const INVITE_MAX_EXPIRY_S = 2_592_000;
/** `max_times` when none is given (docs/API.md "Invite links"). */
export const INVITE_DEFAULT_MAX_TIMES = 10_000;
/** The client's "no limit" (docs/API.md "Invite links"). */
export const INVITE_MAX_TIMES = 10_000_000;

export interface InviteOptions {
  /** Seconds until the link expires. */
  expired_in: number;
  /** How many times it can be used. */
  max_times: number;
}

/** What a redeemed invite grants: who invited, and the channel it leads into (if any). */
export interface InviteGrant {
  kind: InviteKind;
  gid: Gid | null;
  created_by: Uid;
  expires_at: number;
}

async function assertMayInvite(ctx: AppContext, actor: TokenClaims): Promise<void> {
  const { invite } = await loadGroupSettings(ctx);
  if (!groupPolicy.mayInvite(actor, invite)) throw forbidden("only admins can invite");
}

/**
 * `GET /group/create_reg_magic_link`: a sign-up invitation, optionally into a channel (404
 * unknown; 403 a private one the inviter is not in, unless an admin). Inviting is admins-only
 * when `who_can_invite_users` is off or `admin_only_can_invite` is on. Answers the token.
 */
export async function createRegisterInvite(ctx: AppContext, actor: TokenClaims, gid: Gid | null, opts: InviteOptions): Promise<string> {
  if (gid !== null) {
    const group = await loadGroup(ctx, actor, gid);
    if (!groupPolicy.canInviteInto(actor, group)) throw forbidden("not a member of this channel");
  }
  await assertMayInvite(ctx, actor);
  const now = Date.now();
  return insertInvite(ctx.db, { kind: "register", gid, created_by: actor.uid, expires_at: now + opts.expired_in * 1000, max_times: opts.max_times }, now);
}

/**
 * `GET /group/create_invite_private_magic_link`: an invitation for existing users into a private
 * channel (404 unknown; 400 a public one; 403 unless a member or an admin, or inviting is
 * admins-only). Answers the token.
 */
export async function createPrivateInvite(ctx: AppContext, actor: TokenClaims, gid: Gid, opts: InviteOptions): Promise<string> {
  const group = await loadGroup(ctx, actor, gid);
  if (group.row.is_public === 1) throw badRequest("a public channel needs no invitation");
  if (!groupPolicy.canInviteInto(actor, group)) throw forbidden("not a member of this channel");
  await assertMayInvite(ctx, actor);
  const now = Date.now();
  return insertInvite(ctx.db, { kind: "private", gid, created_by: actor.uid, expires_at: now + opts.expired_in * 1000, max_times: opts.max_times }, now);
}

const invalidInvite = () => new HttpError(409, "The invite link is invalid or expired");
const alreadyMember = () => new HttpError(412, "You are already in this channel");

/**
 * `POST /user/join_private`: redeems a private-channel invitation. 409 when the token is
 * unknown, expired, used up or its channel is gone; 412 when the caller is already a member (a
 * use is not spent then). The use and the membership are one transaction. Emits `joined_group`
 * to the joiner and `user_joined_group` to the existing members; answers the updated channel.
 */
export async function joinPrivate(ctx: AppContext, actor: TokenClaims, token: string): Promise<GroupWithMembers> {
  const invite = await peekInvite(ctx.db, token, "private");
  if (!invite || invite.gid === null) throw invalidInvite();
  const group = await ctx.repos.groups.byId(invite.gid);
  if (!group) throw invalidInvite();
  if (group.row.is_public === 1 || group.members.includes(actor.uid)) throw alreadyMember();
  const gid = group.row.gid;
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await consumeInvite(tx, token, "private"))) throw invalidInvite();
    const res = await tx
      .insertInto("group_members")
      .values({ gid, uid: actor.uid, created_at: Date.now() })
      .onConflict((oc) => oc.columns(["gid", "uid"]).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) throw alreadyMember();
  });
  return announceNewMembers(ctx, group, [actor.uid]);
}

/**
 * For sign-up (the registration issue): uses a `register` invitation once. Pass the
 * registration's transaction handle so a failed sign-up gives the use back. Answers what the
 * invite grants, or null when the token is unknown, expired or used up.
 */
export async function consumeInviteToken(db: Db, token: string, kind: InviteKind = "register"): Promise<InviteGrant | null> {
  const row = await consumeInvite(db, token, kind);
  return row ? { kind, gid: row.gid, created_by: row.created_by, expires_at: row.expires_at } : null;
}

/** For `POST /user/check_magic_token`: whether an invitation is valid (known, unexpired, uses left) without using it. */
export async function checkInviteToken(db: Db, token: string, kind: InviteKind = "register"): Promise<boolean> {
  return (await peekInvite(db, token, kind)) !== undefined;
}

/**
 * After sign-up through an invitation into a channel: adds the new user to it when it is a
 * private channel that still exists (a public one needs nothing), with the usual events.
 */
export async function joinInvitedGroup(ctx: AppContext, gid: Gid, uid: Uid): Promise<void> {
  const group = await ctx.repos.groups.byId(gid);
  if (!group || group.row.is_public === 1 || group.members.includes(uid)) return;
  await admitMembers(ctx, group, [uid]);
}
