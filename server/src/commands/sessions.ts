import type { LoginConfig, LoginResponse } from "@parley/protocol";
import { DEFAULT_LOGIN_CONFIG } from "@parley/protocol";
import { verifyPassword } from "../auth/passwords.js";
import { digest, sameClaims, type TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { HttpError, forbidden, notFound, unauthorized } from "../http/errors.js";
import { presentUserInfo } from "../presenters/users.js";
import type { UserRow } from "../repos/users.js";

export const loadLoginConfig = async (ctx: AppContext): Promise<LoginConfig> => ({
  ...DEFAULT_LOGIN_CONFIG,
  ...((await ctx.repos.config.get<Partial<LoginConfig>>("login")) ?? {}),
});

/**
 * Opens a session for `user` on `device`: upserts the device row and the one refresh token of
 * (uid, device), stored as a digest, and returns the login response.
 */
export async function openSession(
  ctx: AppContext,
  user: UserRow,
  device: string,
  deviceToken: string | null,
): Promise<LoginResponse> {
  const claims: TokenClaims = {
    uid: user.uid,
    device,
    is_admin: user.is_admin === 1,
    is_guest: user.create_by === "guest",
  };
  const issued = await ctx.tokens.issue(claims);
  const now = Date.now();
  const expiresAt = now + ctx.tokens.refreshTtlS * 1000;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("devices")
      .values({ uid: user.uid, device, device_token: deviceToken, created_at: now })
      .onConflict((oc) => oc.columns(["uid", "device"]).doUpdateSet({ device_token: deviceToken }))
      .execute();
    await tx
      .insertInto("refresh_tokens")
      .values({ uid: user.uid, device, token_hash: digest(issued.refresh_token), expires_at: expiresAt })
      .onConflict((oc) => oc.columns(["uid", "device"]).doUpdateSet({ token_hash: digest(issued.refresh_token), expires_at: expiresAt }))
      .execute();
  });
  return { server_id: ctx.keys.server_id, ...issued, user: presentUserInfo(user) };
}

/** `password` credential: 403 method off, 404 unknown e-mail, 401 wrong password, 423 frozen. */
export async function loginWithPassword(
  ctx: AppContext,
  email: string,
  password: string,
  device: string,
  deviceToken: string | null,
): Promise<LoginResponse> {
  const config = await loadLoginConfig(ctx);
  if (!config.password) throw forbidden("password login is disabled");
  const user = await ctx.repos.users.byEmail(email);
  if (!user) throw notFound("no such user");
  if (!(await verifyPassword(user.password_hash, password))) throw unauthorized("invalid account or password");
  if (user.status === "frozen") throw new HttpError(423, "user frozen");
  return openSession(ctx, user, device, deviceToken);
}

/**
 * Rotates both tokens. The access token's signature must hold (its expiry may have passed), the
 * refresh token must be valid, carry the same claims and match the stored digest for
 * (uid, device); the old refresh token stops working. Any failure is a 401.
 */
export async function renewSession(ctx: AppContext, token: string, refreshToken: string) {
  const access = await ctx.tokens.verifyAccessIgnoringExpiry(token);
  const refresh = await ctx.tokens.verifyRefresh(refreshToken);
  if (!access || !refresh || !sameClaims(access, refresh.claims)) throw unauthorized();
  const { uid, device } = access;
  const user = await ctx.repos.users.byId(uid);
  if (!user || user.status === "frozen") throw unauthorized();
  const issued = await ctx.tokens.issue(access);
  const expiresAt = Date.now() + ctx.tokens.refreshTtlS * 1000;
  // Compare-and-swap on the stored digest so two concurrent renewals cannot both succeed.
  const result = await ctx.db
    .updateTable("refresh_tokens")
    .set({ token_hash: digest(issued.refresh_token), expires_at: expiresAt })
    .where("uid", "=", uid)
    .where("device", "=", device)
    .where("token_hash", "=", digest(refreshToken))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw unauthorized();
  return issued;
}

/** Ends the device's session: forgets its refresh token and device row, kicks its stream. */
export async function logout(ctx: AppContext, claims: TokenClaims): Promise<void> {
  const user = await ctx.repos.users.byId(claims.uid);
  if (!user) throw unauthorized();
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom("refresh_tokens").where("uid", "=", claims.uid).where("device", "=", claims.device).execute();
    await tx.deleteFrom("devices").where("uid", "=", claims.uid).where("device", "=", claims.device).execute();
  });
  ctx.bus.publish({ type: "kick", reason: "logout" }, { kind: "device", uid: claims.uid, device: claims.device });
}
