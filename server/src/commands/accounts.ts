import { publishUserLog } from "../widget/directory.js";
import type { Gid, Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { recordAudit, type AuditActor, type AuditRecord } from "./audit.js";
import { forbidden, notFound } from "../http/errors.js";
import { userPolicy } from "../policies/users.js";
import { presentUserLog } from "../presenters/users.js";
import { purgeGroups } from "../repos/groups.js";
import { insertUserLog } from "../repos/users.js";
import { deleteStoredObjects } from "./files.js";
import { deleteDevicesOf } from "../repos/devices.js";

/**
 * Deletes an account with the cascade of docs/API.md "Deleting an account", published after the
 * commit in this order:
 * 1. `kick{delete_user}` to all of the user's devices;
 * 2. `users_log{action:"delete"}` to every stream;
 * 3. `kick_from_group{group_deleted}` to the members of each private group the user owned
 *    (those groups are deleted);
 * 4. `user_leaved_group{uid:[uid]}` for each other private group they belonged to (to the
 *    remaining members) and for every public group (to every stream).
 * Their messages are kept; their devices, refresh tokens, settings, contacts and favorites go
 * (with the avatar and the favorites' attachments in the store), as do other users' settings
 * and contacts that point at them. Guests were never announced, so a guest's deletion only
 * kicks its devices. Policy checks (self-delete, admin delete) are the
 * caller's: this command is shared by `DELETE /user/delete` and the admin delete route.
 */
export async function deleteAccount(ctx: AppContext, uid: Uid, audit?: { actor: AuditActor; record: AuditRecord }): Promise<void> {
  const now = Date.now();
  const result = await ctx.db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
    if (!user) throw notFound("no such user");
    if (audit) await recordAudit(tx, audit.actor, { ...audit.record, detail: { name: user.name, email: user.email, ...audit.record.detail } });

    const owned = await tx.selectFrom("groups").select("gid").where("owner", "=", uid).where("is_public", "=", 0).orderBy("gid").execute();
    const ownedGids = owned.map((g) => g.gid);
    const memberRows = await tx
      .selectFrom("group_members")
      .select(["gid", "uid"])
      .where("gid", "in", tx.selectFrom("group_members").select("gid").where("uid", "=", uid))
      .orderBy("gid")
      .orderBy("uid")
      .execute();
    const membersOf = new Map<Gid, Uid[]>();
    for (const m of memberRows) {
      if (m.uid === uid) continue;
      const list = membersOf.get(m.gid) ?? [];
      list.push(m.uid);
      membersOf.set(m.gid, list);
    }
    // Groups the user was in: every gid of theirs, including those where they are the only member.
    const joinedGids = [...new Set(memberRows.filter((m) => m.uid === uid).map((m) => m.gid))];
    const publicGids = (await tx.selectFrom("groups").select("gid").where("is_public", "=", 1).orderBy("gid").execute()).map((g) => g.gid);

    await purgeGroups(tx, ownedGids);
    await tx.deleteFrom("group_members").where("uid", "=", uid).execute();
    await tx.deleteFrom("refresh_tokens").where("uid", "=", uid).execute();
    await deleteDevicesOf(tx, uid);
    for (const table of ["user_mutes", "user_read_indexes", "user_burn_after_reading", "user_pinned_chats"] as const) {
      await tx.deleteFrom(table).where("uid", "=", uid).execute();
      await tx.deleteFrom(table).where("kind", "=", "user").where("target_id", "=", uid).execute();
    }
    await tx.deleteFrom("user_contacts").where((eb) => eb.or([eb("uid", "=", uid), eb("target_uid", "=", uid)])).execute();
    await tx.deleteFrom("favorites").where("uid", "=", uid).execute();
    await tx.deleteFrom("bot_api_keys").where("uid", "=", uid).execute(); // a bot's keys go with it
    // So do its pending and past webhook deliveries and its signing secret.
    await tx.deleteFrom("webhook_outbox").where("bot_uid", "=", uid).execute();
    await tx.deleteFrom("webhook_secrets").where("uid", "=", uid).execute();
    // Its passkeys and linked wallet: they sign in to nothing once the account is gone.
    await tx.deleteFrom("passkeys").where("uid", "=", uid).execute();
    await tx.deleteFrom("metamask_accounts").where("uid", "=", uid).execute();
    // Linked Google, GitHub and OIDC identities: signing in with one again makes a new account.
    await tx.deleteFrom("identities").where("uid", "=", uid).execute();
    // Its notification channels, and the bot tokens and webhook keys in them.
    await tx.deleteFrom("notification_channels").where("uid", "=", uid).execute();
    // Out of any call (its peers drop the connection at the next room event; an emptied room ends at the call sweep).
    await tx.deleteFrom("call_participants").where("uid", "=", uid).execute();
    await tx.deleteFrom("users").where("uid", "=", uid).execute();
    const log = await insertUserLog(tx, {
      uid,
      action: "delete",
      created_at: now,
    });
    return { isGuest: user.create_by === "guest", user, log, ownedGids, joinedGids, membersOf, publicGids };
  });

  // Their avatar, their favorites' attachments and the pictures of the channels that went with them.
  await deleteStoredObjects(ctx, { uid, gids: result.ownedGids });
  ctx.bus.publish({ type: "kick", reason: "delete_user" }, { kind: "users", uids: [uid] });
  if (result.isGuest) return;
  publishUserLog(ctx, result.user, [presentUserLog(result.log)]);
  const owned = new Set(result.ownedGids);
  for (const gid of result.ownedGids) {
    const members = result.membersOf.get(gid) ?? [];
    if (members.length > 0) ctx.bus.publish({ type: "kick_from_group", gid, reason: "group_deleted" }, { kind: "users", uids: members });
  }
  for (const gid of result.joinedGids) {
    if (owned.has(gid)) continue;
    const members = result.membersOf.get(gid) ?? [];
    if (members.length > 0) ctx.bus.publish({ type: "user_leaved_group", gid, uid: [uid] }, { kind: "users", uids: members });
  }
  for (const gid of result.publicGids) {
    ctx.bus.publish({ type: "user_leaved_group", gid, uid: [uid] }, { kind: "everyone" });
  }
}

/** `DELETE /user/delete`: the caller deletes their own account, unless they are the last admin. */
export async function deleteOwnAccount(ctx: AppContext, actor: TokenClaims, audit: AuditActor): Promise<void> {
  const user = await ctx.repos.users.byId(actor.uid);
  if (!user) throw notFound("no such user");
  const others = await ctx.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("is_admin", "=", 1)
    .where("is_bot", "=", 0)
    .where("create_by", "!=", "guest")
    // A frozen admin cannot sign in: counting one would leave the server without a way in.
    .where("status", "=", "normal")
    .where("uid", "!=", actor.uid)
    .executeTakeFirstOrThrow();
  if (!userPolicy.canDeleteSelf(user, Number(others.n))) {
    throw forbidden("the last admin cannot delete their account");
  }
  await deleteAccount(ctx, actor.uid, { actor: audit, record: { action: "account.deleted", target_uid: actor.uid } });
}
