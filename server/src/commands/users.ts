import { publishUserLog } from "../widget/directory.js";
import { randomInt } from "node:crypto";
import type { CreateBy, Uid } from "@parley/protocol";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { recordAudit, type AuditActor, type AuditRecord } from "./audit.js";
import { HttpError, conflict, forbidden, notFound } from "../http/errors.js";
import { presentUserLog } from "../presenters/users.js";
import type { Db } from "../db/index.js";
import { insertUser, insertUserLog, type UserLogRow, type UserRow } from "../repos/users.js";
import { isUniqueViolation } from "../db/errors.js";
import { countLicensedUsers } from "../repos/license.js";
import { userLimit } from "./license.js";

export interface NewUser {
  email: string | null;
  name: string;
  /** The plain password (`createUser` hashes it); null for none. */
  password: string | null;
  /** An argon2id hash made beforehand; `insertNewUser` only takes this (hashing is slow: never inside a transaction). */
  password_hash?: string | null;
  gender: number;
  language: string;
  is_admin: boolean;
  is_bot: boolean;
  create_by: CreateBy;
  webhook_url?: string | null;
  /** A public bot (docs/API.md "Bots"); false when absent. */
  is_public?: boolean;
  /** A widget visitor's host uid (docs/API.md "Widget"); null when absent. */
  widget_id?: string | null;
}

/** Options of a user creation. */
export interface CreateUserOptions {
  /** Only when there is no user yet (the first admin, `create_admin`); 403 otherwise. */
  onlyIfEmpty?: boolean;
  /** On a name conflict, pick a free name from this one (`User123456`, `alice2`) instead of a 409. */
  assignName?: boolean;
  /** The audit entry of this creation, written in its transaction (accounts an admin creates, the first admin). */
  audit?: (user: UserRow) => { actor: AuditActor; record: AuditRecord };
}

/** What `insertNewUser` wrote, for `announceNewUser` to publish after the commit. */
export interface CreatedUser {
  user: UserRow;
  log: UserLogRow;
  publicGids: number[];
}

export const USER_LIMIT_REACHED = "License error: Users reached limit.";

/** A free name derived from `base`: `base`, `base2`, `base3`, … (≤ 32 characters). */
async function freeName(tx: Db, base: string): Promise<string> {
  const stem = base.trim().slice(0, 28) || "User";
  for (let n = 1; n < 10_000; n++) {
    const candidate = n === 1 ? stem : `${stem}${n}`;
    if (!(await tx.selectFrom("users").select("uid").where("name", "=", candidate).executeTakeFirst())) return candidate;
  }
  throw conflict({ reason: "name_conflict" });
}

/** A unique-index violation of `users` (a concurrent insert won the race) as the 409 it stands for. */
function asConflict(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  const where = `${err.constraint ?? ""} ${err.message ?? ""}`;
  if (where.includes("email")) return conflict({ reason: "email_conflict" });
  if (where.includes("name")) return conflict({ reason: "name_conflict" });
  return err;
}

/**
 * Inserts a user and its `create` log entry (the `users_version` sequence) in the caller's
 * transaction: 409 `{reason}` for a taken e-mail or name, 451 when a non-guest account would
 * pass the user limit (`MAX_USERS` or the installed license's, docs/API.md "License"; guests
 * never count, a fix: docs/API.md "Identity"). Publish with
 * `announceNewUser` after the commit.
 */
export async function insertNewUser(ctx: AppContext, tx: Db, input: NewUser, opts: CreateUserOptions = {}): Promise<CreatedUser> {
  const email = input.email?.trim().toLowerCase() || null;
  const passwordHash = input.password_hash ?? null;
  const now = Date.now();
  if (opts.onlyIfEmpty) {
    const any = await tx.selectFrom("users").select("uid").limit(1).executeTakeFirst();
    if (any) throw new HttpError(403, "the server is already initialized");
  }
  if (input.create_by !== "guest" && input.create_by !== "widget") {
    const limit = await userLimit(ctx, tx);
    if (limit > 0 && (await countLicensedUsers(tx)) >= limit) throw new HttpError(451, USER_LIMIT_REACHED);
  }
  if (email && (await tx.selectFrom("users").select("uid").where("email", "=", email).executeTakeFirst())) {
    throw conflict({ reason: "email_conflict" });
  }
  let name = input.name;
  if (await tx.selectFrom("users").select("uid").where("name", "=", name).executeTakeFirst()) {
    if (!opts.assignName) throw conflict({ reason: "name_conflict" });
    name = await freeName(tx, name);
  }
  try {
    const user = await insertUser(tx, {
      email,
      name,
      password_hash: passwordHash,
      gender: input.gender,
      language: input.language,
      is_admin: input.is_admin ? 1 : 0,
      is_bot: input.is_bot ? 1 : 0,
      create_by: input.create_by,
      status: "normal",
      webhook_url: input.webhook_url ?? null,
      is_public: input.is_public ? 1 : 0,
      widget_id: input.widget_id ?? null,
      avatar_updated_at: 0,
      created_at: now,
      updated_at: now,
    });
    const log = await insertUserLog(tx, {
      uid: user.uid,
      action: "create",
      email: user.email,
      name: user.name,
      gender: user.gender,
      language: user.language,
      is_admin: user.is_admin,
      is_bot: user.is_bot,
      avatar_updated_at: user.avatar_updated_at,
      created_at: now,
    });
    if (opts.audit) {
      const { actor, record } = opts.audit(user);
      await recordAudit(tx, actor, record);
    }
    const publicGids = (await tx.selectFrom("groups").select("gid").where("is_public", "=", 1).execute()).map((g) => g.gid);
    return { user, log, publicGids };
  } catch (err) {
    throw asConflict(err);
  }
}

/**
 * Tells every stream about a new user (`users_log`) and, for each public channel, that a member
 * joined. Guests are never announced.
 */
export function announceNewUser(ctx: AppContext, created: CreatedUser): void {
  if (created.user.create_by === "guest") return;
  publishUserLog(ctx, created.user, [presentUserLog(created.log)]);
  // A visitor joins no channel: it only talks with its host (docs/API.md "Widget").
  if (created.user.create_by === "widget") return;
  for (const gid of created.publicGids) {
    ctx.bus.publish({ type: "user_joined_group", gid, uid: [created.user.uid] }, { kind: "everyone" });
  }
}

/** Creates a user in its own transaction and announces it (`insertNewUser` + `announceNewUser`). */
export async function createUser(ctx: AppContext, input: NewUser, opts: CreateUserOptions = {}): Promise<UserRow> {
  const prepared = { ...input, password_hash: input.password_hash ?? (input.password ? await hashPassword(input.password) : null) };
  let created: CreatedUser;
  try {
    created = await ctx.db.transaction().execute((tx) => insertNewUser(ctx, tx, prepared, opts));
  } catch (err) {
    throw asConflict(err);
  }
  announceNewUser(ctx, created);
  return created.user;
}

/**
 * An account nobody signs in to by password: no e-mail, no password, named `<prefix>123456`
 * (another free name on a clash). Guests (`create_by: "guest"`) and widget visitors
 * (`create_by: "widget"` with their host's uid) are made so.
 */
export function createAnonymousUser(ctx: AppContext, prefix: string, origin: Pick<NewUser, "create_by" | "widget_id">): Promise<UserRow> {
  const name = `${prefix}${randomInt(100_000, 1_000_000)}`;
  return createUser(ctx, { email: null, name, password: null, gender: 0, language: "en-US", is_admin: false, is_bot: false, ...origin }, { assignName: true });
}

/** The fields of `PUT /user` (docs/API.md "Users"); absent fields stay as they are. */
export interface UserInfoPatch {
  name?: string;
  gender?: number;
  language?: string;
  email?: string;
  /** null clears it. */
  webhook_url?: string | null;
  msg_smtp_notify_enable?: boolean;
}

/**
 * Updates the caller's profile. A name or e-mail already used by someone else is a 409 with
 * its reason. When a field of the user directory changed (e-mail, name, gender, language), a
 * `users_log` update carrying only those fields goes to every stream. VoceChat only logs a name
 * change, or a gender and language change together; Parley logs any change (docs/API.md "Users").
 */
export async function updateUserInfo(ctx: AppContext, uid: Uid, patch: UserInfoPatch): Promise<UserRow> {
  const email = patch.email?.trim().toLowerCase();
  const now = Date.now();
  const { user, log } = await ctx.db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
    if (!current) throw notFound("no such user");
    const changed = <K extends keyof UserRow>(key: K, value: UserRow[K] | undefined): value is UserRow[K] =>
      value !== undefined && value !== current[key];
    const set: Partial<Omit<UserRow, "uid">> = {};
    if (changed("name", patch.name)) {
      const taken = await tx.selectFrom("users").select("uid").where("name", "=", patch.name).where("uid", "!=", uid).executeTakeFirst();
      if (taken) throw conflict({ reason: "name_conflict" });
      set.name = patch.name;
    }
    if (changed("email", email)) {
      const taken = await tx.selectFrom("users").select("uid").where("email", "=", email).where("uid", "!=", uid).executeTakeFirst();
      if (taken) throw conflict({ reason: "email_conflict" });
      set.email = email;
    }
    if (changed("gender", patch.gender)) set.gender = patch.gender;
    if (changed("language", patch.language)) set.language = patch.language;
    if (changed("webhook_url", patch.webhook_url)) set.webhook_url = patch.webhook_url;
    const notify = patch.msg_smtp_notify_enable === undefined ? undefined : patch.msg_smtp_notify_enable ? 1 : 0;
    if (changed("msg_smtp_notify_enable", notify)) set.msg_smtp_notify_enable = notify;
    if (Object.keys(set).length === 0) return { user: current, log: null };

    const user = await tx
      .updateTable("users")
      .set({ ...set, updated_at: now })
      .where("uid", "=", uid)
      .returningAll()
      .executeTakeFirstOrThrow();
    const directory = set.name !== undefined || set.email !== undefined || set.gender !== undefined || set.language !== undefined;
    const log = directory
      ? await insertUserLog(tx, {
          uid,
          action: "update",
          email: set.email ?? null,
          name: set.name ?? null,
          gender: set.gender ?? null,
          language: set.language ?? null,
          created_at: now,
        })
      : null;
    return { user, log };
  });
  if (log) ctx.bus.publish({ type: "users_log", logs: [presentUserLog(log)] }, { kind: "everyone" });
  // A webhook change publishes nothing: the webhook bots' cache is told here (webhooks/bots.ts).
  if (patch.webhook_url !== undefined) ctx.webhooks.bots.invalidate();
  return user;
}

/**
 * Changes the caller's password: 403 when `oldPassword` is wrong. An account that has no
 * password yet (created by OAuth or a magic link) sets its first one with an empty
 * `oldPassword`. The user's other devices lose their refresh tokens, so their sessions end at
 * the next renewal; the calling device stays signed in.
 */
export async function changePassword(ctx: AppContext, actor: TokenClaims, oldPassword: string, newPassword: string): Promise<void> {
  const user = await ctx.repos.users.byId(actor.uid);
  if (!user) throw notFound("no such user");
  const ok = user.password_hash === null ? oldPassword === "" : await verifyPassword(user.password_hash, oldPassword);
  if (!ok) throw forbidden("wrong password");
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable("users").set({ password_hash: passwordHash, updated_at: Date.now() }).where("uid", "=", actor.uid).execute();
    await tx.deleteFrom("refresh_tokens").where("uid", "=", actor.uid).where("device", "!=", actor.device).execute();
  });
}
