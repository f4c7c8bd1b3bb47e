import { GUEST_DEVICE, GUEST_MAX_AGE_S, type LoginResponse } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { HttpError, forbidden } from "../http/errors.js";
import { deleteAccount } from "./accounts.js";
import { loadLoginConfig, openSession } from "./sessions.js";
import { createAnonymousUser } from "./users.js";

/** How often guests are looked for: daily (docs/API.md "Identity"). */
export const GUEST_SWEEP_INTERVAL_MS = 86_400_000;

/**
 * `GET /token/login_guest` (docs/API.md "Identity"): 403 unless guest mode is on. Creates a guest
 * (`create_by:"guest"`, named like `User123456`, no e-mail or password) and opens a session on
 * the device `guest_device`. Guests are never announced, listed, counted against `MAX_USERS`
 * or shown in presence, and every route that writes for others refuses them (`guards.member`).
 */
export async function loginAsGuest(ctx: AppContext): Promise<LoginResponse> {
  const config = await loadLoginConfig(ctx);
  if (!config.guest) throw forbidden("guest mode is disabled");
  const user = await createAnonymousUser(ctx, "User", { create_by: "guest" });
  return openSession(ctx, user, GUEST_DEVICE, null);
}

/**
 * Deletes the guests created more than `guestMaxAgeMs` (7 days) ago, with the account cascade
 * (their streams are kicked with `delete_user`). Answers how many went.
 */
export async function sweepGuests(ctx: AppContext, now = Date.now()): Promise<number> {
  const maxAge = ctx.config.guestMaxAgeMs ?? GUEST_MAX_AGE_S * 1000;
  const rows = await ctx.db
    .selectFrom("users")
    .select("uid")
    .where("create_by", "=", "guest")
    .where("created_at", "<", now - maxAge)
    .orderBy("uid")
    .execute();
  let deleted = 0;
  for (const { uid } of rows) {
    try {
      await deleteAccount(ctx, uid);
      deleted++;
    } catch (err) {
      // Another node swept it first.
      if (!(err instanceof HttpError && err.status === 404)) throw err;
    }
  }
  return deleted;
}
