import type { ContactAction, ContactInfo, Gid, MessageTarget, MuteGroup, MuteUser, Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import type { ChatKind } from "../db/schema.js";
import { otherDevices } from "../events/audience.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { contactPolicy } from "../policies/users.js";
import { isEmptyChange, presentContactInfo, presentSettingsChanged, type SettingsChange } from "../presenters/userSettings.js";
import { loadSystemCommon } from "../repos/settings.js";
import { chatKey, putConversationSetting } from "../repos/userSettings.js";

/** Announces a settings change to the actor's other devices, unless nothing changed. */
function announce(ctx: AppContext, actor: TokenClaims, change: Partial<SettingsChange>): void {
  if (isEmptyChange(change)) return;
  ctx.bus.publish(presentSettingsChanged(actor.device, change), otherDevices(actor.uid, actor.device));
}

/**
 * The targets of a mute, burn-after-reading or read-index request must exist: uids name
 * non-guest users other than the caller, gids channels the caller can see (a private one only
 * as a member or an admin). Anything else is a 400 (docs/API.md "Users").
 */
async function checkTargets(ctx: AppContext, actor: TokenClaims, uids: readonly Uid[], gids: readonly Gid[]): Promise<void> {
  if (uids.includes(actor.uid)) throw badRequest("a setting cannot target yourself");
  const users = await ctx.repos.users.existingIds(uids);
  if (uids.some((uid) => !users.has(uid))) throw badRequest("unknown uid");
  // A channel the caller may not see is answered exactly as one that does not exist, so these
  // routes neither store settings for it nor tell an outsider that its id is taken.
  const visible = new Set((await ctx.repos.groups.byIds(gids)).filter((g) => groupPolicy.canView(actor, g)).map((g) => g.row.gid));
  if (gids.some((gid) => !visible.has(gid))) throw badRequest("unknown gid");
}

/** One entry per target when a request names a target twice: `keep` picks (by default the last). */
function onePerTarget<T>(entries: readonly T[], id: (e: T) => number, keep: (kept: T, next: T) => T = (_kept, next) => next): T[] {
  const chosen = new Map<number, T>();
  for (const e of entries) {
    const kept = chosen.get(id(e));
    chosen.set(id(e), kept === undefined ? e : keep(kept, e));
  }
  return [...chosen.values()];
}

/** The per-user and per-channel entries of a request, one per target, after `checkTargets`. */
async function checkedEntries<U extends { uid: Uid }, G extends { gid: Gid }>(
  ctx: AppContext,
  actor: TokenClaims,
  input: { users: readonly U[]; groups: readonly G[] },
  keep?: <T extends U | G>(kept: T, next: T) => T,
): Promise<{ users: U[]; groups: G[] }> {
  const users = onePerTarget<U>(input.users, (e) => e.uid, keep);
  const groups = onePerTarget<G>(input.groups, (e) => e.gid, keep);
  await checkTargets(
    ctx,
    actor,
    users.map((e) => e.uid),
    groups.map((e) => e.gid),
  );
  return { users, groups };
}

export interface MuteInput {
  add_users: { uid: Uid; expired_in: number | null }[];
  add_groups: { gid: Gid; expired_in: number | null }[];
  remove_users: Uid[];
  remove_groups: Gid[];
}

/**
 * `POST /user/mute`: mutes and unmutes conversations. `expired_in` seconds become an absolute
 * `expired_at` in ms (null: until unmuted); expired mutes are simply not reported any more.
 * The caller's other devices get `user_settings_changed` with the entries that changed.
 */
export async function updateMutes(ctx: AppContext, actor: TokenClaims, input: MuteInput): Promise<void> {
  const addUsers = onePerTarget(input.add_users, (e) => e.uid);
  const addGroups = onePerTarget(input.add_groups, (e) => e.gid);
  const removeUsers = [...new Set(input.remove_users)];
  const removeGroups = [...new Set(input.remove_groups)];
  if (addUsers.some((e) => removeUsers.includes(e.uid)) || addGroups.some((e) => removeGroups.includes(e.gid))) {
    throw badRequest("a target cannot be both added and removed");
  }
  await checkTargets(ctx, actor, [...addUsers.map((e) => e.uid), ...removeUsers], [...addGroups.map((e) => e.gid), ...removeGroups]);

  const now = Date.now();
  const expiry = (seconds: number | null) => (seconds === null ? null : now + seconds * 1000);
  const change = await ctx.db.transaction().execute(async (tx) => {
    const add = (kind: ChatKind, id: number, expiredAt: number | null) =>
      putConversationSetting(tx, actor.uid, kind, id, { table: "user_mutes", column: "expired_at", value: expiredAt });
    const remove = (kind: ChatKind, id: number) => putConversationSetting(tx, actor.uid, kind, id, { table: "user_mutes", remove: true });
    const change: Partial<SettingsChange> = { add_mute_users: [], add_mute_groups: [], remove_mute_users: [], remove_mute_groups: [] };
    for (const e of addUsers) {
      const m: MuteUser = { uid: e.uid, expired_at: expiry(e.expired_in) };
      if (await add("user", e.uid, m.expired_at)) change.add_mute_users?.push(m);
    }
    for (const e of addGroups) {
      const m: MuteGroup = { gid: e.gid, expired_at: expiry(e.expired_in) };
      if (await add("group", e.gid, m.expired_at)) change.add_mute_groups?.push(m);
    }
    for (const uid of removeUsers) if (await remove("user", uid)) change.remove_mute_users?.push(uid);
    for (const gid of removeGroups) if (await remove("group", gid)) change.remove_mute_groups?.push(gid);
    return change;
  });
  announce(ctx, actor, change);
}

export interface BurnInput {
  users: { uid: Uid; expires_in: number }[];
  groups: { gid: Gid; expires_in: number }[];
}

/**
 * `POST /user/burn-after-reading`: sets how long the caller's messages to a conversation live
 * (seconds; 0 removes the setting). Changed entries, removals as `expires_in: 0`, go to the
 * caller's other devices.
 */
export async function updateBurnAfterReading(ctx: AppContext, actor: TokenClaims, input: BurnInput): Promise<void> {
  const { users, groups } = await checkedEntries(ctx, actor, input);
  const change = await ctx.db.transaction().execute(async (tx) => {
    // 0 removes the setting (a conversation without one keeps messages for good).
    const set = (kind: ChatKind, id: number, seconds: number) =>
      putConversationSetting(
        tx,
        actor.uid,
        kind,
        id,
        seconds === 0 ? { table: "user_burn_after_reading", remove: true } : { table: "user_burn_after_reading", column: "expires_in", value: seconds },
      );
    const change: Partial<SettingsChange> = { burn_after_reading_users: [], burn_after_reading_groups: [] };
    for (const e of users) if (await set("user", e.uid, e.expires_in)) change.burn_after_reading_users?.push(e);
    for (const e of groups) if (await set("group", e.gid, e.expires_in)) change.burn_after_reading_groups?.push(e);
    return change;
  });
  announce(ctx, actor, change);
}

export interface ReadIndexInput {
  users: { uid: Uid; mid: number }[];
  groups: { gid: Gid; mid: number }[];
}

/** Raises a read index; a lower or equal mid is ignored. True when the stored index moved. */
async function advanceReadIndex(tx: Db, uid: Uid, kind: ChatKind, id: number, mid: number): Promise<boolean> {
  const res = await tx
    .insertInto("user_read_indexes")
    .values({ uid, kind, target_id: id, mid })
    .onConflict((oc) =>
      oc
        .columns(["uid", "kind", "target_id"])
        .doUpdateSet({ mid: (eb) => eb.ref("excluded.mid") })
        .where("user_read_indexes.mid", "<", mid),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * `POST /user/read-index`: read markers only move forward (docs/API.md "Users"). The entries that
 * advanced go to the caller's other devices.
 */
export async function updateReadIndex(ctx: AppContext, actor: TokenClaims, input: ReadIndexInput): Promise<void> {
  // The highest mid per conversation counts: a read index only moves forward.
  const { users, groups } = await checkedEntries(ctx, actor, input, (kept, next) => (next.mid > kept.mid ? next : kept));
  const change = await ctx.db.transaction().execute(async (tx) => {
    const change: Partial<SettingsChange> = { read_index_users: [], read_index_groups: [] };
    for (const e of users) if (await advanceReadIndex(tx, actor.uid, "user", e.uid, e.mid)) change.read_index_users?.push({ uid: e.uid, mid: e.mid });
    for (const e of groups) if (await advanceReadIndex(tx, actor.uid, "group", e.gid, e.mid)) change.read_index_groups?.push({ gid: e.gid, mid: e.mid });
    return change;
  });
  announce(ctx, actor, change);
}

/** A conversation the actor can see: a non-guest user (themself included) or a visible channel. */
async function checkConversation(ctx: AppContext, actor: TokenClaims, target: MessageTarget): Promise<void> {
  if ("gid" in target) {
    const group = await ctx.repos.groups.byId(target.gid);
    if (!group || !groupPolicy.canRead(actor, group)) throw notFound("no such channel");
  } else {
    const user = await ctx.repos.users.byId(target.uid);
    if (!user || user.create_by === "guest") throw notFound("no such user");
  }
}

/** `POST /user/pin_chat`: pins a conversation (again: moves it by its new `updated_at`). */
export async function pinChat(ctx: AppContext, actor: TokenClaims, target: MessageTarget): Promise<void> {
  await checkConversation(ctx, actor, target);
  const key = chatKey(target);
  const now = Date.now();
  await ctx.db
    .insertInto("user_pinned_chats")
    .values({ uid: actor.uid, ...key, updated_at: now })
    .onConflict((oc) => oc.columns(["uid", "kind", "target_id"]).doUpdateSet({ updated_at: now }))
    .execute();
  announce(ctx, actor, { add_pin_chats: [{ target, updated_at: now }] });
}

/** `POST /user/unpin_chat`: unpins a conversation; unpinning one that is not pinned changes nothing. */
export async function unpinChat(ctx: AppContext, actor: TokenClaims, target: MessageTarget): Promise<void> {
  const key = chatKey(target);
  const res = await ctx.db
    .deleteFrom("user_pinned_chats")
    .where("uid", "=", actor.uid)
    .where("kind", "=", key.kind)
    .where("target_id", "=", key.target_id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) > 0) announce(ctx, actor, { remove_pin_chats: [target] });
}

/** The four contact actions and the statuses they leave (docs/API.md "Users"). */
const STATUS_OF: Record<ContactAction, ContactInfo["status"]> = { add: "added", block: "blocked", remove: "", unblock: "" };

/** The other party of a contact operation: a non-guest user other than the actor. */
async function checkContactTarget(ctx: AppContext, actor: TokenClaims, target: Uid): Promise<void> {
  if (target === actor.uid) throw badRequest("cannot be your own contact");
  const user = await ctx.repos.users.byId(target);
  if (!user || user.create_by === "guest") throw notFound("no such user");
}

/**
 * `POST /user/update_contact_status`: add, block, remove or unblock (statuses "added",
 * "blocked", "", ""). A blocked user cannot send direct messages to the blocker (403).
 * `add` is refused when the server switched `add_friend_enable` off. The caller's other
 * devices get `add_contacts` (added, blocked) or `remove_contacts` ("") when the status changed.
 */
export async function updateContactStatus(ctx: AppContext, actor: TokenClaims, target: Uid, action: ContactAction): Promise<void> {
  await checkContactTarget(ctx, actor, target);
  if (action === "add" && !contactPolicy.canAdd(await loadSystemCommon(ctx.repos.config))) {
    throw forbidden("adding contacts is disabled");
  }
  const status = STATUS_OF[action];
  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom("user_contacts").selectAll().where("uid", "=", actor.uid).where("target_uid", "=", target).executeTakeFirst();
    if ((existing?.status ?? "") === status) return null;
    return tx
      .insertInto("user_contacts")
      .values({ uid: actor.uid, target_uid: target, status, remark: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["uid", "target_uid"]).doUpdateSet({ status, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!row) return;
  announce(ctx, actor, status === "" ? { remove_contacts: [target] } : { add_contacts: [{ target_uid: target, info: presentContactInfo(row) }] });
}

/**
 * `PUT /user/contact_remark`: the caller's private name for another user; an empty remark
 * clears it. The caller's other devices get `user_remark{contact_uid, remark}`.
 */
export async function setContactRemark(ctx: AppContext, actor: TokenClaims, target: Uid, remark: string): Promise<void> {
  await checkContactTarget(ctx, actor, target);
  const now = Date.now();
  const changed = await ctx.db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom("user_contacts").select("remark").where("uid", "=", actor.uid).where("target_uid", "=", target).executeTakeFirst();
    if ((existing?.remark ?? "") === remark) return false;
    await tx
      .insertInto("user_contacts")
      .values({ uid: actor.uid, target_uid: target, status: "", remark, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["uid", "target_uid"]).doUpdateSet({ remark, updated_at: now }))
      .execute();
    return true;
  });
  if (changed) ctx.bus.publish({ type: "user_remark", contact_uid: target, remark }, otherDevices(actor.uid, actor.device));
}
