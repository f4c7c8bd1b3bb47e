import { createHash, randomBytes } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import type { Db } from "../db/index.js";
import type { MagicTokensTable } from "../db/schema.js";

/**
 * Magic tokens (docs/API.md "Identity"): VoceChat signs a bincode payload with the server key and
 * keeps the one-time code in memory; Parley hands out 32 random bytes (base64url, 43 characters),
 * opaque to clients, and stores only their SHA-256 with what they grant. Every token is single-use:
 * redeeming deletes the row in the same statement that checks it.
 */
export type MagicKind = "login" | "register" | "thirdparty" | "widget_mail" | "widget_ready" | "widget_oauth";
export type MagicTokenRow = Selectable<MagicTokensTable>;

export const newMagicToken = (): string => randomBytes(32).toString("base64url");
export const magicTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export type NewMagicToken = Omit<Insertable<MagicTokensTable>, "token_hash" | "created_at" | "expires_at">;

/**
 * Stores a token valid `ttlMs` from `now` and answers it (one clock reading for both ends, so a
 * 2-minute key is exactly 2 minutes); expired tokens are swept on the way.
 */
export async function insertMagicToken(db: Db, values: NewMagicToken, ttlMs: number, now = Date.now()): Promise<string> {
  const token = newMagicToken();
  await db.deleteFrom("magic_tokens").where("expires_at", "<=", now).execute();
  await db
    .insertInto("magic_tokens")
    .values({ ...values, token_hash: magicTokenHash(token), created_at: now, expires_at: now + ttlMs })
    .execute();
  return token;
}

/** Withdraws a token that was never handed out (its mail could not be sent). */
export async function revokeMagicToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom("magic_tokens").where("token_hash", "=", magicTokenHash(token)).execute();
}

/** The unexpired token of `kind` (any kind when null), without using it. */
export function peekMagicToken(db: Db, token: string, kind: MagicKind | null, now = Date.now()): Promise<MagicTokenRow | undefined> {
  let q = db.selectFrom("magic_tokens").selectAll().where("token_hash", "=", magicTokenHash(token)).where("expires_at", ">", now);
  if (kind) q = q.where("kind", "=", kind);
  return q.executeTakeFirst();
}

/**
 * Uses the token: one `DELETE … RETURNING` that only matches an unexpired token of `kind`, so
 * two concurrent redemptions cannot both succeed. Pass the caller's transaction so a failure
 * later in it gives the token back.
 */
export function consumeMagicToken(db: Db, token: string, kind: MagicKind, now = Date.now()): Promise<MagicTokenRow | undefined> {
  return db
    .deleteFrom("magic_tokens")
    .where("token_hash", "=", magicTokenHash(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Uses one use of the invitation whose digest a registration token carries (the raw invite
 * token is not kept): the same conditional decrement as `repos/invites.ts#consumeInvite`.
 */
export async function consumeInviteByHash(db: Db, tokenHash: string, now = Date.now()): Promise<boolean> {
  const res = await db
    .updateTable("invite_links")
    .set((eb) => ({ remaining: eb("remaining", "-", 1) }))
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", "register")
    .where("expires_at", ">", now)
    .where("remaining", ">", 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
