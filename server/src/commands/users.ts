import type { CreateBy } from "@parley/protocol";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import { HttpError, conflict } from "../http/errors.js";
import { presentUserLog } from "../presenters/users.js";
import { insertUser, insertUserLog, type UserRow } from "../repos/users.js";

export interface NewUser {
  email: string | null;
  name: string;
  password: string | null;
  gender: number;
  language: string;
  is_admin: boolean;
  is_bot: boolean;
  create_by: CreateBy;
  webhook_url?: string | null;
}

/**
 * Creates a user: the row, its `create` log entry (the `users_version` sequence), then tells
 * every stream (`users_log`) and, for each public channel, that a member joined.
 * `onlyIfEmpty` makes the insert conditional on there being no user yet (the first admin).
 */
export async function createUser(ctx: AppContext, input: NewUser, opts: { onlyIfEmpty?: boolean } = {}): Promise<UserRow> {
  const email = input.email?.trim().toLowerCase() || null;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = Date.now();

  const { user, log, publicGids } = await ctx.db.transaction().execute(async (tx) => {
    if (opts.onlyIfEmpty) {
      const any = await tx.selectFrom("users").select("uid").limit(1).executeTakeFirst();
      if (any) throw new HttpError(403, "the server is already initialized");
    }
    if (email && (await tx.selectFrom("users").select("uid").where("email", "=", email).executeTakeFirst())) {
      throw conflict({ reason: "email_conflict" });
    }
    if (await tx.selectFrom("users").select("uid").where("name", "=", input.name).executeTakeFirst()) {
      throw conflict({ reason: "name_conflict" });
    }
    const user = await insertUser(tx, {
      email,
      name: input.name,
      password_hash: passwordHash,
      gender: input.gender,
      language: input.language,
      is_admin: input.is_admin ? 1 : 0,
      is_bot: input.is_bot ? 1 : 0,
      create_by: input.create_by,
      status: "normal",
      webhook_url: input.webhook_url ?? null,
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
    const publicGids = (await tx.selectFrom("groups").select("gid").where("is_public", "=", 1).execute()).map((g) => g.gid);
    return { user, log, publicGids };
  });

  if (input.create_by !== "guest") {
    ctx.bus.publish({ type: "users_log", logs: [presentUserLog(log)] }, { kind: "everyone" });
    for (const gid of publicGids) {
      ctx.bus.publish({ type: "user_joined_group", gid, uid: [user.uid] }, { kind: "everyone" });
    }
  }
  return user;
}
