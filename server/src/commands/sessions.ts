import type { CredentialsResponse, Gid, LoginConfig, LoginResponse, Uid } from "@parley/protocol";
import { DEFAULT_LOGIN_CONFIG } from "@parley/protocol";
import { verifyPassword } from "../auth/passwords.js";
import { digest, sameClaims, type TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { HttpError, badRequest, forbidden, notFound, unauthorized } from "../http/errors.js";
import { signInPolicy, signUpPolicy } from "../policies/identity.js";
import { presentOwnUserInfo } from "../presenters/users.js";
import { consumeMagicToken, peekMagicToken } from "../repos/magicTokens.js";
import type { UserRow } from "../repos/users.js";
import { checkInviteToken, consumeInviteToken, joinInvitedGroup } from "./invites.js";
import { announceNewUser, insertNewUser, type CreatedUser, type NewUser } from "./users.js";
import { deleteDevice, upsertDevice } from "../repos/devices.js";

export const loadLoginConfig = async (ctx: AppContext): Promise<LoginConfig> => ({
  ...DEFAULT_LOGIN_CONFIG,
  ...((await ctx.repos.config.get<Partial<LoginConfig>>("login")) ?? {}),
});

/** The text the client shows for a bad login link (docs/API.md "Identity"). */
export const MAGIC_LINK_INVALID = "Magic link invalid or expired, Please request a new magic link.";

const frozen = () => new HttpError(423, "user frozen");
const notAssociated = () => new HttpError(410, "account not associated");

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
    await upsertDevice(tx, user.uid, device, deviceToken, now);
    await tx
      .insertInto("refresh_tokens")
      .values({ uid: user.uid, device, token_hash: digest(issued.refresh_token), expires_at: expiresAt })
      .onConflict((oc) => oc.columns(["uid", "device"]).doUpdateSet({ token_hash: digest(issued.refresh_token), expires_at: expiresAt }))
      .execute();
  });
  return { server_id: ctx.keys.server_id, ...issued, user: presentOwnUserInfo(user) };
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
  if (signInPolicy.isFrozen(user)) throw frozen();
  return openSession(ctx, user, device, deviceToken);
}

/**
 * `magiclink` credential (docs/API.md "Identity"): a login link of `send_login_magic_link`, valid
 * 15 minutes and once. 403 when magic-link login is off; 400 for an unknown, expired or used link;
 * 423 frozen. A link for an address without an account creates one named `extraName` (401 without a
 * name), which an invitation-only server only allows when an inviting member sent the link (410
 * otherwise); 409 `{reason}` when the name is taken — the link stays usable then.
 */
export async function loginWithMagicLink(
  ctx: AppContext,
  token: string,
  extraName: string | null,
  device: string,
  deviceToken: string | null,
): Promise<LoginResponse> {
  const config = await loadLoginConfig(ctx);
  if (!config.magic_link) throw forbidden("magic link login is disabled");
  const link = await peekMagicToken(ctx.db, token, "login");
  if (!link) throw badRequest(MAGIC_LINK_INVALID);
  let user = link.uid !== null ? await ctx.repos.users.byId(link.uid) : undefined;
  if (!user && link.email) user = await ctx.repos.users.byEmail(link.email);

  if (user) {
    const existing = user;
    if (!signInPolicy.acceptsLoginLink(existing)) throw unauthorized("invalid account");
    if (signInPolicy.isFrozen(existing)) throw frozen();
    if (!(await consumeMagicToken(ctx.db, token, "login"))) throw badRequest(MAGIC_LINK_INVALID);
    return openSession(ctx, existing, device, deviceToken);
  }

  if (!extraName || !link.email) throw unauthorized("a name is needed to create the account");
  if (!signUpPolicy.mayCreateAccount(config, link.invited === 1)) throw notAssociated();
  const email = link.email;
  const created = await ctx.db.transaction().execute(async (tx): Promise<CreatedUser> => {
    if (!(await consumeMagicToken(tx, token, "login"))) throw badRequest(MAGIC_LINK_INVALID);
    return insertNewUser(ctx, tx, {
      email,
      name: extraName,
      password: null,
      gender: 0,
      language: "en-US",
      is_admin: false,
      is_bot: false,
      create_by: "magiclink",
    });
  });
  announceNewUser(ctx, created);
  return openSession(ctx, created.user, device, deviceToken);
}

/**
 * `thirdparty` credential: a key from `POST /token/create_third_party_key` (2 minutes, once).
 * 403 when third-party login is off, 401 for an unknown, expired or used key, 423 frozen. The
 * external `userid` maps to one local account, created on its first login (named after
 * `username`, made unique). The bridge holds the server's secret, so its users are trusted to
 * sign up even on an invitation-only server.
 */
export async function loginWithThirdParty(ctx: AppContext, key: string, device: string, deviceToken: string | null): Promise<LoginResponse> {
  const config = await loadLoginConfig(ctx);
  if (!config.third_party) throw forbidden("third-party login is disabled");
  const result = await ctx.db.transaction().execute(async (tx): Promise<{ user: UserRow; created: CreatedUser | null }> => {
    const used = await consumeMagicToken(tx, key, "thirdparty");
    if (!used?.payload) throw unauthorized("invalid key");
    const info = JSON.parse(used.payload) as { userid: string; username: string };
    const mapped = await tx.selectFrom("third_party_users").select("uid").where("userid", "=", info.userid).executeTakeFirst();
    const existing = mapped ? await tx.selectFrom("users").selectAll().where("uid", "=", mapped.uid).executeTakeFirst() : undefined;
    if (existing) {
      if (signInPolicy.isFrozen(existing)) throw frozen();
      return { user: existing, created: null };
    }
    // First login, or the mapped account was deleted since.
    if (mapped) await tx.deleteFrom("third_party_users").where("userid", "=", info.userid).execute();
    const created = await insertNewUser(
      ctx,
      tx,
      { email: null, name: info.username, password: null, gender: 0, language: "en-US", is_admin: false, is_bot: false, create_by: "thirdparty" },
      { assignName: true },
    );
    await tx.insertInto("third_party_users").values({ userid: info.userid, uid: created.user.uid, created_at: Date.now() }).execute();
    return { user: created.user, created };
  });
  if (result.created) announceNewUser(ctx, result.created);
  return openSession(ctx, result.user, device, deviceToken);
}

/** What a sign-in's transaction ends with: the account, made now or not, and the channel its sign-up invitation joins. */
export interface OutsideSignIn {
  user: UserRow;
  created: CreatedUser | null;
  gid: Gid | null;
}

/**
 * Makes the account of a first sign-in through an outside identity (Google, GitHub, OIDC, a
 * wallet) in the sign-in's transaction: on an invitation-only server only with a valid sign-up
 * invitation `invite` (410 without, 412 one that ran out), which it spends. No password; the
 * name is made unique.
 */
export async function signUpFromOutside(
  ctx: AppContext,
  tx: Db,
  config: LoginConfig,
  invite: string | null,
  who: Pick<NewUser, "email" | "name" | "create_by">,
): Promise<OutsideSignIn> {
  const invited = invite !== null && (await checkInviteToken(tx, invite, "register"));
  if (!signUpPolicy.mayCreateAccount(config, invited)) throw notAssociated();
  let gid: Gid | null = null;
  if (invited && invite) {
    const grant = await consumeInviteToken(tx, invite, "register");
    if (!grant) throw new HttpError(412, "the invitation has expired");
    gid = grant.gid;
  }
  const created = await insertNewUser(ctx, tx, { ...who, password: null, gender: 0, language: "en-US", is_admin: false, is_bot: false }, { assignName: true });
  return { user: created.user, created, gid };
}

/** After the sign-in's transaction: 423 frozen; a new account is announced and joins its invitation's channel; the session. */
export async function finishOutsideSignIn(ctx: AppContext, result: OutsideSignIn, device: string, deviceToken: string | null): Promise<LoginResponse> {
  if (signInPolicy.isFrozen(result.user)) throw frozen();
  if (result.created) announceNewUser(ctx, result.created);
  if (result.gid !== null) await joinInvitedGroup(ctx, result.gid, result.user.uid);
  return openSession(ctx, result.user, device, deviceToken);
}

/**
 * Rotates both tokens. The access token's signature must hold (its expiry may have passed), the
 * refresh token must be valid, carry the same claims and match the stored digest for
 * (uid, device); the old refresh token stops working. Any failure is a 401, as is a frozen or
 * deleted account. **Parley:** the new tokens carry the account's current role, so a demoted
 * admin loses admin rights at the next renewal (VoceChat copied the old claims for ever).
 */
export async function renewSession(ctx: AppContext, token: string, refreshToken: string) {
  const access = await ctx.tokens.verifyAccessIgnoringExpiry(token);
  const refresh = await ctx.tokens.verifyRefresh(refreshToken);
  if (!access || !refresh || !sameClaims(access, refresh.claims)) throw unauthorized();
  const { uid, device } = access;
  const user = await ctx.repos.users.byId(uid);
  if (!user || signInPolicy.isFrozen(user)) throw unauthorized();
  const issued = await ctx.tokens.issue({ ...access, is_admin: user.is_admin === 1 });
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
    await deleteDevice(tx, claims.uid, claims.device);
  });
  ctx.bus.publish({ type: "kick", reason: "logout" }, { kind: "device", uid: claims.uid, device: claims.device });
}

/**
 * `GET /token/credentials`: how the account can sign in. `google` is the linked Google
 * account's e-mail ("" when Google reported none), `oidc` the issuers of the linked OIDC
 * accounts (docs/API.md "Third-party sign-in").
 */
export async function credentialsOf(ctx: AppContext, uid: Uid): Promise<CredentialsResponse> {
  const user = await ctx.repos.users.byId(uid);
  if (!user) throw unauthorized();
  // The linked wallet (docs/API.md "MetaMask and passkeys").
  const wallet = await ctx.db.selectFrom("metamask_accounts").select("address").where("uid", "=", uid).executeTakeFirst();
  const linked = await ctx.db.selectFrom("identities").select(["provider", "issuer", "email"]).where("uid", "=", uid).orderBy("created_at").execute();
  const google = linked.find((r) => r.provider === "google");
  const oidc = linked.filter((r) => r.provider === "oidc").map((r) => r.issuer);
  return { password: user.password_hash !== null, google: google ? (google.email ?? "") : null, metamask: wallet?.address ?? null, oidc };
}
