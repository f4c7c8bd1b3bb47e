import { createHash, randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Gid, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { InviteLinksTable } from "../db/schema.js";

/** `register`: a sign-up invitation (optionally into a channel); `private`: join a private channel. */
export type InviteKind = "register" | "private";
export type InviteRow = Selectable<InviteLinksTable>;

/** Tokens are 32 random bytes, base64url: opaque to clients, safe in a URL. */
export const newInviteToken = (): string => randomBytes(32).toString("base64url");

/** Only this digest is stored, so a database leak does not leak usable links. */
export const inviteTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export interface NewInvite {
  kind: InviteKind;
  gid: Gid | null;
  created_by: Uid;
  expires_at: number;
  max_times: number;
}

/** Stores a new invite and returns its token. Expired invites are swept on the way. */
export async function insertInvite(db: Db, invite: NewInvite, now = Date.now()): Promise<string> {
  const token = newInviteToken();
  await db.deleteFrom("invite_links").where("expires_at", "<=", now).execute();
  await db
    .insertInto("invite_links")
    .values({
      token_hash: inviteTokenHash(token),
      kind: invite.kind,
      gid: invite.gid,
      created_by: invite.created_by,
      created_at: now,
      expires_at: invite.expires_at,
      remaining: invite.max_times,
    })
    .execute();
  return token;
}

/** The invite behind `token` if it is of `kind`, unexpired and has uses left; nothing is consumed. */
export function peekInvite(db: Db, token: string, kind: InviteKind, now = Date.now()): Promise<InviteRow | undefined> {
  return db
    .selectFrom("invite_links")
    .selectAll()
    .where("token_hash", "=", inviteTokenHash(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .where("remaining", ">", 0)
    .executeTakeFirst();
}

/**
 * Uses the invite behind `token` once: one conditional update decrements the remaining uses
 * only while some are left and the invite has not expired, so concurrent redemptions can never
 * exceed `max_times`. Answers the invite as it was before this use, or undefined when the token
 * is unknown, of another kind, expired or used up. Pass a transaction handle to tie the use to
 * the caller's own writes (a rollback gives the use back).
 */
export async function consumeInvite(db: Db, token: string, kind: InviteKind, now = Date.now()): Promise<InviteRow | undefined> {
  const row = await db
    .updateTable("invite_links")
    .set((eb) => ({ remaining: eb("remaining", "-", 1) }))
    .where("token_hash", "=", inviteTokenHash(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .where("remaining", ">", 0)
    .returningAll()
    .executeTakeFirst();
  return row ? { ...row, remaining: row.remaining + 1 } : undefined;
}
