import { publishUserLog } from "../widget/directory.js";
import type { AdminUser, Uid, UserStatus } from "@parley/protocol";
import { hashPassword } from "../auth/passwords.js";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { describeChange, recordAudit, type AuditActor, type AuditRecord } from "./audit.js";
import { HttpError, conflict, forbidden, notFound } from "../http/errors.js";
import { adminUserPolicy } from "../policies/identity.js";
import { presentAdminUser, presentUserLog } from "../presenters/users.js";
import { insertUserLog, type UserRow } from "../repos/users.js";
import { deleteAccount } from "./accounts.js";
import { createUser, type NewUser } from "./users.js";
import { deleteDevicesOf, devicesOf } from "../repos/devices.js";
import { outboundOptions, probe } from "../webhooks/send.js";

/**
 * Admins manage accounts (docs/API.md "Identity"): the admin view `User`, creation, updates (role,
 * freeze), deletion with the cascade of docs/API.md "Deleting an account".
 */

/** The admin view of users: every known device, online when it has an event stream on this node. */
async function present(ctx: AppContext, users: UserRow[]): Promise<AdminUser[]> {
  if (users.length === 0) return [];
  const devices = await devicesOf(
    ctx.db,
    users.map((u) => u.uid),
  );
  return users.map((u) => {
    const online = ctx.hub.onlineDevices(u.uid);
    const own = devices.filter((d) => d.uid === u.uid).map((d) => ({ device: d.device, device_token: d.device_token, is_online: online.has(d.device) }));
    return presentAdminUser(u, own);
  });
}

/** `GET /admin/user`: every account but guests, uid ascending. */
export async function listAdminUsers(ctx: AppContext): Promise<AdminUser[]> {
  return present(ctx, await ctx.repos.users.listMembers());
}

async function loadAccount(ctx: AppContext, uid: Uid): Promise<UserRow> {
  const user = await ctx.repos.users.byId(uid);
  if (!user || user.create_by === "guest") throw notFound("no such user");
  return user;
}

/** `GET /admin/user/{uid}`: 404 for an unknown user or a guest. */
export async function getAdminUser(ctx: AppContext, uid: Uid): Promise<AdminUser> {
  return (await present(ctx, [await loadAccount(ctx, uid)]))[0];
}

/**
 * A webhook URL must answer a `GET` with exactly 200 (docs/API.md "Identity"), within
 * `webhookCheckTimeoutMs` (5 s); anything else is a 406. The probe goes through the same SSRF
 * guard as every webhook request (webhooks/send.ts): a private, loopback or link-local address
 * is a 406 too unless `PREVIEW_ALLOW_PRIVATE=1`.
 */
export async function checkWebhook(ctx: AppContext, url: string): Promise<void> {
  try {
    if ((await probe(url, outboundOptions(ctx.config.previewAllowPrivate, ctx.config.webhookCheckTimeoutMs ?? 5_000))) === 200) return;
  } catch {
    // unreachable, timed out, refused by the guard or not an http(s) URL
  }
  throw new HttpError(406, "Invalid webhook url");
}

/** `POST /admin/user`: 406 webhook, 409 `{reason}`, 451 `MAX_USERS`. */
export async function adminCreateUser(ctx: AppContext, input: NewUser, audit: AuditActor): Promise<AdminUser> {
  if (input.webhook_url) await checkWebhook(ctx, input.webhook_url);
  const user = await createUser(ctx, input, {
    audit: (created) => ({
      actor: audit,
      record: { action: "user.created", target_uid: created.uid, detail: { name: created.name, email: created.email, is_admin: input.is_admin, is_bot: input.is_bot, is_public: input.is_public ?? false } },
    }),
  });
  return (await present(ctx, [user]))[0];
}

/** `PUT /admin/user/{uid}`: absent fields stay; at least one is given (the route checks). */
export interface AdminUserPatch {
  email?: string;
  password?: string;
  name?: string;
  gender?: number;
  is_admin?: boolean;
  language?: string;
  status?: UserStatus;
  /** null clears it. */
  webhook_url?: string | null;
  is_public?: boolean;
}

/**
 * Updates an account. 404 unknown (or a guest), 403 freezing or demoting oneself or the
 * founder, 406 a webhook that does not answer 200, 409 `{reason}` a taken name or e-mail.
 * A `users_log` update with the given directory fields (e-mail, name, gender, language,
 * is_admin; the others null) always goes to every stream, as in VoceChat. Freezing ends every
 * session of the account: refresh tokens and device rows go, its streams get `kick{frozen}`,
 * logins answer 423. A new password ends the account's sessions at their next renewal. A role
 * change reaches the account's tokens at their next renewal.
 */
export async function adminUpdateUser(ctx: AppContext, actor: TokenClaims, uid: Uid, patch: AdminUserPatch, audit: AuditActor): Promise<AdminUser> {
  if ((patch.status === "frozen" || patch.is_admin === false) && !adminUserPolicy.canRestrict(actor, uid)) {
    throw forbidden("you cannot freeze or demote yourself or the founder");
  }
  await loadAccount(ctx, uid);
  if (patch.webhook_url) await checkWebhook(ctx, patch.webhook_url);
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  const email = patch.email?.trim().toLowerCase();
  const now = Date.now();

  const { user, log, froze } = await ctx.db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
    if (!current || current.create_by === "guest") throw notFound("no such user");
    if (patch.name !== undefined) {
      const taken = await tx.selectFrom("users").select("uid").where("name", "=", patch.name).where("uid", "!=", uid).executeTakeFirst();
      if (taken) throw conflict({ reason: "name_conflict" });
    }
    if (email !== undefined) {
      const taken = await tx.selectFrom("users").select("uid").where("email", "=", email).where("uid", "!=", uid).executeTakeFirst();
      if (taken) throw conflict({ reason: "email_conflict" });
    }
    const set: Partial<Omit<UserRow, "uid">> = { updated_at: now };
    if (patch.name !== undefined) set.name = patch.name;
    if (email !== undefined) set.email = email;
    if (patch.gender !== undefined) set.gender = patch.gender;
    if (patch.language !== undefined) set.language = patch.language;
    if (patch.is_admin !== undefined) set.is_admin = patch.is_admin ? 1 : 0;
    if (patch.status !== undefined) set.status = patch.status;
    if (patch.webhook_url !== undefined) set.webhook_url = patch.webhook_url;
    if (patch.is_public !== undefined) set.is_public = patch.is_public ? 1 : 0;
    if (passwordHash !== undefined) set.password_hash = passwordHash;
    const user = await tx.updateTable("users").set(set).where("uid", "=", uid).returningAll().executeTakeFirstOrThrow();

    const froze = patch.status === "frozen" && current.status !== "frozen";
    if (froze || passwordHash !== undefined) await tx.deleteFrom("refresh_tokens").where("uid", "=", uid).execute();
    if (froze) await deleteDevicesOf(tx, uid);
    const log = await insertUserLog(tx, {
      uid,
      action: "update",
      email: email ?? null,
      name: patch.name ?? null,
      gender: patch.gender ?? null,
      language: patch.language ?? null,
      is_admin: patch.is_admin === undefined ? null : patch.is_admin ? 1 : 0,
      created_at: now,
    });
    for (const record of auditRecordsOf(current, patch)) await recordAudit(tx, audit, { ...record, target_uid: uid });
    return { user, log, froze };
  });
  if (froze) ctx.bus.publish({ type: "kick", reason: "frozen" }, { kind: "users", uids: [uid] });
  publishUserLog(ctx, user, [presentUserLog(log)]);
  return (await present(ctx, [user]))[0];
}

/**
 * What an update means to the audit log: a role change, a freeze or unfreeze and a password
 * reset are each their own entry; the other fields that changed are one `user.updated`.
 */
function auditRecordsOf(current: UserRow, patch: AdminUserPatch): AuditRecord[] {
  const records: AuditRecord[] = [];
  if (patch.is_admin !== undefined && (current.is_admin === 1) !== patch.is_admin) {
    records.push({ action: "user.role_changed", detail: { is_admin: patch.is_admin } });
  }
  if (patch.status !== undefined && patch.status !== current.status) {
    records.push({ action: patch.status === "frozen" ? "user.frozen" : "user.unfrozen" });
  }
  if (patch.password !== undefined) records.push({ action: "user.password_reset" });
  const { email, name, gender, language, webhook_url, is_public } = patch;
  const other = describeChange({ email, name, gender, language, webhook_url, is_public });
  if (Object.keys(other.changed as object).length > 0) records.push({ action: "user.updated", detail: other });
  return records;
}

/**
 * `DELETE /admin/user/{uid}`: 403 for oneself or the founder, 404 unknown; the cascade of
 * docs/API.md "Deleting an account".
 */
export async function adminDeleteUser(ctx: AppContext, actor: TokenClaims, uid: Uid, audit: AuditActor): Promise<void> {
  if (!adminUserPolicy.canDelete(actor, uid)) throw forbidden("you cannot delete yourself or the founder");
  await deleteAccount(ctx, uid, { actor: audit, record: { action: "user.deleted", target_uid: uid } });
}
