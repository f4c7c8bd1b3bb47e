import type { EventOf, Gid, Group, ServerEvent, Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { recordAudit, type AuditActor } from "./audit.js";
import { groupAudience } from "../events/audience.js";
import type { Audience } from "../events/bus.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { groupPolicy, type InviteSettings } from "../policies/groups.js";
import { presentGroup, type GroupViewer } from "../presenters/groups.js";
import { NEW_GROUP_SETTINGS, purgeGroups, type GroupRow, type GroupWithMembers } from "../repos/groups.js";
import { extSettingOf, loadSystemCommon } from "../repos/settings.js";
import { deleteStoredObjects } from "./files.js";

// ---------------------------------------------------------------------------------------------
// Settings, viewers and the event helpers shared by the channel commands
// ---------------------------------------------------------------------------------------------

export interface GroupSettings {
  only_admin_can_create_group: boolean;
  /** `ext_setting.only_admin_can_see_channel_members`. */
  hideMembers: boolean;
  invite: InviteSettings;
}

export async function loadGroupSettings(ctx: AppContext): Promise<GroupSettings> {
  const common = await loadSystemCommon(ctx.repos.config);
  const ext = extSettingOf(common);
  return {
    only_admin_can_create_group: common.only_admin_can_create_group,
    hideMembers: ext.only_admin_can_see_channel_members === true,
    invite: { who_can_invite_users: common.who_can_invite_users, admin_only_can_invite: ext.admin_only_can_invite === true },
  };
}

/** How `Group` objects are presented to this caller (anonymous when `claims` is null). */
export async function groupViewer(ctx: AppContext, claims: TokenClaims | null): Promise<GroupViewer> {
  const { hideMembers } = await loadGroupSettings(ctx);
  return { uid: claims?.uid ?? null, is_admin: claims?.is_admin ?? false, hideMembers };
}

/**
 * The channel `gid` as `actor` may know it: a private channel the actor may not see is a 404
 * exactly like a gid that was never used, so no answer tells an outsider that it exists. What
 * the actor may then do with a channel they can see is the caller's policy check (403).
 */
export async function loadGroup(ctx: AppContext, actor: TokenClaims, gid: Gid): Promise<GroupWithMembers> {
  const group = await ctx.repos.groups.byId(gid);
  if (!group || !groupPolicy.canView(actor, group)) throw noSuchChannel();
  return group;
}

export const noSuchChannel = () => notFound("no such channel");

/** Members of a private channel who see its whole member list despite `only_admin_can_see_channel_members`. */
export async function seersAmong(ctx: AppContext, group: GroupWithMembers, uids: readonly Uid[]): Promise<Set<Uid>> {
  const admins = await ctx.repos.users.adminsAmong(uids);
  return new Set(uids.filter((uid) => admins.has(uid) || uid === group.row.owner));
}

/**
 * Publishes an event that carries a `Group` (`joined_group`). A public channel, or a private one
 * whose member list is not hidden, is one publish; with `only_admin_can_see_channel_members` on,
 * admins and the owner get the whole list and every other recipient a copy listing only themselves.
 */
export async function publishGroupObject(
  ctx: AppContext,
  group: GroupWithMembers,
  recipients: readonly Uid[] | "everyone",
  make: (g: Group) => ServerEvent,
  hideMembers: boolean,
): Promise<void> {
  if (recipients === "everyone") {
    ctx.bus.publish(make(presentGroup(group)), { kind: "everyone" });
    return;
  }
  if (recipients.length === 0) return;
  if (group.row.is_public === 1 || !hideMembers) {
    ctx.bus.publish(make(presentGroup(group)), { kind: "users", uids: recipients });
    return;
  }
  const seers = await seersAmong(ctx, group, recipients);
  if (seers.size > 0) ctx.bus.publish(make(presentGroup(group)), { kind: "users", uids: [...seers] });
  for (const uid of recipients) {
    if (seers.has(uid)) continue;
    ctx.bus.publish(make(presentGroup(group, { uid, is_admin: false, hideMembers })), { kind: "users", uids: [uid] });
  }
}

const usersExcept = async (ctx: AppContext, except: readonly Uid[]): Promise<Uid[]> => {
  const skip = new Set(except);
  return (await ctx.repos.groups.allUserIds()).filter((uid) => !skip.has(uid));
};

/** Ascending uids: member lists are kept sorted. */
export const byUid = (a: Uid, b: Uid) => a - b;

// ---------------------------------------------------------------------------------------------
// Create, update, delete, change type
// ---------------------------------------------------------------------------------------------

export interface NewGroup {
  name: string;
  description: string | null;
  members: Uid[];
  is_public: boolean;
}

/**
 * Creates a channel. A private channel always includes its creator, who owns it; a public one
 * has no owner and no explicit members. Emits `joined_group` to the members (public: everyone).
 */
export async function createGroup(ctx: AppContext, actor: TokenClaims, input: NewGroup): Promise<GroupRow> {
  const settings = await loadGroupSettings(ctx);
  if (!groupPolicy.canCreate(actor, input.is_public, settings.only_admin_can_create_group)) {
    throw forbidden("only admins can create public channels");
  }
  if (input.is_public && input.members.length > 0) throw badRequest("a public channel has no member list");
  const members = input.is_public ? [] : [...new Set([actor.uid, ...input.members])].sort(byUid);
  const known = await ctx.repos.users.existingIds(members);
  if (members.some((uid) => !known.has(uid))) throw badRequest("unknown uid in members");

  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("groups")
      .values({
        name: input.name,
        description: input.description,
        owner: input.is_public ? null : actor.uid,
        is_public: input.is_public ? 1 : 0,
        ...NEW_GROUP_SETTINGS,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (members.length > 0) {
      await tx
        .insertInto("group_members")
        .values(members.map((uid) => ({ gid: row.gid, uid, created_at: now })))
        .execute();
    }
    return row;
  });

  const group: GroupWithMembers = { row, members, pins: [] };
  await publishGroupObject(ctx, group, input.is_public ? "everyone" : members, (g) => ({ type: "joined_group", group: g }), settings.hideMembers);
  return row;
}

/** `PUT /group/{gid}`: a field left out (or null) is unchanged. */
export interface GroupUpdate {
  name?: string;
  description?: string;
  owner?: Uid;
  show_email?: boolean;
  add_friend?: boolean;
  dm_to_member?: boolean;
  only_owner_can_send_msg?: boolean;
  ext_setting?: string;
}

const SWITCHES = ["show_email", "add_friend", "dm_to_member", "only_owner_can_send_msg"] as const;

/**
 * Updates a channel's card and switches: 400 when nothing is given or the new owner is not a
 * member, 404, 403 unless the actor manages the channel (a public channel: admins; it can have
 * no owner). Emits `group_changed` to the channel's audience: the classic fields, null when not
 * changed, plus the newer switches that were set.
 */
export async function updateGroup(ctx: AppContext, actor: TokenClaims, gid: Gid, input: GroupUpdate): Promise<void> {
  if (Object.values(input).every((v) => v === undefined)) throw badRequest("nothing to update");
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can change this channel");
  if (input.owner !== undefined) {
    if (group.row.is_public === 1) throw forbidden("a public channel has no owner");
    if (!group.members.includes(input.owner)) throw badRequest("the new owner must be a member");
  }

  const set: Partial<Omit<GroupRow, "gid">> = { updated_at: Date.now() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.owner !== undefined) set.owner = input.owner;
  for (const key of SWITCHES) if (input[key] !== undefined) set[key] = input[key] ? 1 : 0;
  if (input.ext_setting !== undefined) set.ext_setting = input.ext_setting;

  await ctx.db.transaction().execute(async (tx) => {
    if (input.owner !== undefined) {
      // The owner must still be a member when the change lands.
      const still = await tx.selectFrom("group_members").select("uid").where("gid", "=", gid).where("uid", "=", input.owner).executeTakeFirst();
      if (!still) throw badRequest("the new owner must be a member");
    }
    await tx.updateTable("groups").set(set).where("gid", "=", gid).execute();
  });

  const event: EventOf<"group_changed"> = {
    type: "group_changed",
    gid,
    name: input.name ?? null,
    description: input.description ?? null,
    owner: input.owner ?? null,
    avatar_updated_at: null,
    is_public: null,
  };
  for (const key of SWITCHES) if (input[key] !== undefined) event[key] = input[key];
  if (input.ext_setting !== undefined) event.ext_setting = input.ext_setting;
  ctx.bus.publish(event, groupAudience(group));
}

/**
 * Deletes a channel with everything in it: members, pins, announcement, invite links and its
 * messages (no longer delivered, replayed or readable). Emits `kick_from_group{group_deleted}`
 * to its members (public: everyone).
 */
export async function deleteGroup(ctx: AppContext, actor: TokenClaims, gid: Gid, audit: AuditActor): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can delete this channel");
  await ctx.db.transaction().execute(async (tx) => {
    await purgeGroups(tx, [gid]);
    await recordAudit(tx, audit, { action: "channel.deleted", target_gid: gid, detail: { name: group.row.name, is_public: group.row.is_public === 1 } });
  });
  await deleteStoredObjects(ctx, { gids: [gid] });
  ctx.bus.publish({ type: "kick_from_group", gid, reason: "group_deleted" }, groupAudience(group));
}

/**
 * Switches a channel between public and private (owner or admin; a public one: admins).
 *
 * Public → private: the actor becomes the owner; the members are the given list plus the actor,
 * or every non-guest user when no list is given. Emits `group_changed{owner, is_public:false}`
 * and then `joined_group` (the whole new card, so clients learn the member list) to the
 * members, and `kick_from_group{kick}` to every other user, who loses the channel.
 *
 * Private → public: owner and member list are dropped. Emits `group_changed{is_public:true}` to
 * the former members and `joined_group` with the public card to everyone (it replaces the
 * stale card of former members and adds the channel for everyone else).
 *
 * Asking for the type the channel already has changes nothing and emits nothing.
 */
export async function changeGroupType(
  ctx: AppContext,
  actor: TokenClaims,
  gid: Gid,
  input: { is_public: boolean; members: Uid[] | null },
): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can change this channel");
  const settings = await loadGroupSettings(ctx);
  const wasPublic = group.row.is_public === 1;
  if (wasPublic === input.is_public) return;
  const now = Date.now();

  if (!input.is_public) {
    let members: Uid[];
    if (input.members) {
      members = [...new Set([actor.uid, ...input.members])].sort(byUid);
      const known = await ctx.repos.users.existingIds(members);
      if (members.some((uid) => !known.has(uid))) throw badRequest("unknown uid in members");
    } else {
      members = (await ctx.repos.users.memberIds()).sort(byUid);
      if (!members.includes(actor.uid)) members = [...members, actor.uid].sort(byUid);
    }
    const row = await ctx.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable("groups")
        .set({ is_public: 0, owner: actor.uid, updated_at: now })
        .where("gid", "=", gid)
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx.deleteFrom("group_members").where("gid", "=", gid).execute();
      await tx
        .insertInto("group_members")
        .values(members.map((uid) => ({ gid, uid, created_at: now })))
        .execute();
      return row;
    });
    const changed: GroupWithMembers = { row, members, pins: group.pins };
    ctx.bus.publish(
      { type: "group_changed", gid, name: null, description: null, owner: actor.uid, avatar_updated_at: null, is_public: false },
      { kind: "users", uids: members },
    );
    await publishGroupObject(ctx, changed, members, (g) => ({ type: "joined_group", group: g }), settings.hideMembers);
    const lost = await usersExcept(ctx, members);
    if (lost.length > 0) ctx.bus.publish({ type: "kick_from_group", gid, reason: "kick" }, { kind: "users", uids: lost });
    return;
  }

  const row = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("groups")
      .set({ is_public: 1, owner: null, updated_at: now })
      .where("gid", "=", gid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.deleteFrom("group_members").where("gid", "=", gid).execute();
    return row;
  });
  if (group.members.length > 0) {
    ctx.bus.publish(
      { type: "group_changed", gid, name: null, description: null, owner: null, avatar_updated_at: null, is_public: true },
      { kind: "users", uids: group.members },
    );
  }
  await publishGroupObject(ctx, { row, members: [], pins: group.pins }, "everyone", (g) => ({ type: "joined_group", group: g }), false);
}

// ---------------------------------------------------------------------------------------------
// Clearing and announcements
// ---------------------------------------------------------------------------------------------

/**
 * `DELETE /group/{gid}/clear`: deletes every message of the channel (owner or admin; public:
 * admins). Its pins go with them: `pinned_message_updated{msg:null}` per pin, then
 * `group_message_cleared` to the channel's audience.
 */
export async function clearGroupMessages(ctx: AppContext, actor: TokenClaims, gid: Gid, audit: AuditActor): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can clear this channel");
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom("messages").where("target_gid", "=", gid).execute();
    await tx.deleteFrom("pinned_messages").where("gid", "=", gid).execute();
    await recordAudit(tx, audit, { action: "channel.cleared", target_gid: gid, detail: { name: group.row.name } });
  });
  const audience: Audience = groupAudience(group);
  for (const pin of group.pins) ctx.bus.publish({ type: "pinned_message_updated", gid, mid: pin.mid, msg: null }, audience);
  ctx.bus.publish({ type: "group_message_cleared", gid }, audience);
}
