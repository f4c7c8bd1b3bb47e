import { MAGIC_LINK_TTL_S, type Gid, type LoginResponse, type SendRegMagicTokenResponse } from "@parley/protocol";
import { hashPassword } from "../auth/passwords.js";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { HttpError, badRequest, conflict, forbidden } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { signInPolicy, signUpPolicy } from "../policies/identity.js";
import { peekInvite } from "../repos/invites.js";
import { consumeInviteByHash, consumeMagicToken, insertMagicToken, peekMagicToken, revokeMagicToken } from "../repos/magicTokens.js";
import { loadGroupSettings } from "./groups.js";
import { checkInviteToken, consumeInviteToken, joinInvitedGroup } from "./invites.js";
import { loadSmtpConfig, mailLinkBase, requireSmtp, sendTemplateMail, smtpReady } from "./mail.js";
import { loadLoginConfig, openSession } from "./sessions.js";
import { announceNewUser, insertNewUser, type CreatedUser } from "./users.js";

/** `412` of `POST /user/register` (docs/API.md "Identity"). */
const tokenExpired = () => new HttpError(412, "Magic token has been expired.");
const needsInvitation = () => forbidden("sign-up needs an invitation");
const needsConfirmation = () => forbidden("confirm your e-mail address first");

const ttlMs = (ctx: AppContext): number => (ctx.config.magicLinkTtlS ?? MAGIC_LINK_TTL_S) * 1000;
const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface RegisterInput {
  magic_token: string | null;
  email: string | null;
  password: string | null;
  name: string | null;
  gender: number;
  language: string;
  device: string;
  device_token: string | null;
}

/** The e-mail's local part as a starting name (`alice@example.com` → `alice`). */
const nameFromEmail = (email: string): string => email.split("@")[0].replace(/\s+/g, "").slice(0, 28) || "User";

/**
 * `POST /user/register` (docs/API.md "Identity"), answering a `LoginResponse` (logged in).
 *
 * - With a **confirmed registration token** (from `send_reg_magic_link`): the e-mail and the
 *   password come from it (a password in the body replaces the stored one; another e-mail is a
 *   400), and the invitation it came from is redeemed now.
 * - With a **sign-up invitation** (`create_reg_magic_link`): e-mail and password from the body;
 *   refused (403) while SMTP is on, where addresses must be confirmed by mail first.
 * - Without a token: 403 on an invitation-only server or while SMTP is on.
 *
 * Tokens and the invitation's use are spent in the same transaction as the insert, so a 409
 * (`{reason}`) or a 451 (`MAX_USERS`) gives them back. Unknown, expired or used tokens are a
 * 412. When the invitation leads into a private channel, the new user joins it.
 */
export async function register(ctx: AppContext, input: RegisterInput): Promise<LoginResponse> {
  const config = await loadLoginConfig(ctx);
  const smtpOn = smtpReady(await loadSmtpConfig(ctx));
  const token = input.magic_token;
  let email = input.email ? normalizeEmail(input.email) : null;
  let passwordHash: string | null = input.password ? await hashPassword(input.password) : null;
  let gid: Gid | null = null;
  let redeem: (tx: Db) => Promise<void> = async () => {};

  if (token) {
    const confirmed = await peekMagicToken(ctx.db, token, "register");
    if (confirmed) {
      if (email && confirmed.email && email !== confirmed.email) throw badRequest("the e-mail address is not the confirmed one");
      if (!signUpPolicy.mayCreateAccount(config, confirmed.invite_hash !== null)) throw needsInvitation();
      email = confirmed.email ?? email;
      passwordHash ??= confirmed.password_hash;
      gid = confirmed.gid;
      redeem = async (tx) => {
        const used = await consumeMagicToken(tx, token, "register");
        if (!used) throw tokenExpired();
        if (used.invite_hash && !(await consumeInviteByHash(tx, used.invite_hash))) throw tokenExpired();
      };
    } else if (await checkInviteToken(ctx.db, token, "register")) {
      if (smtpOn) throw needsConfirmation();
      redeem = async (tx) => {
        const grant = await consumeInviteToken(tx, token, "register");
        if (!grant) throw tokenExpired();
        gid = grant.gid;
      };
    } else {
      throw tokenExpired();
    }
  } else {
    if (!signUpPolicy.mayCreateAccount(config, false)) throw needsInvitation();
    if (smtpOn) throw needsConfirmation();
  }
  if (!email) throw badRequest("failed to parse body.email: an e-mail address is required");
  if (!passwordHash) throw badRequest("failed to parse body.password: a password is required");

  const name = input.name?.trim() || null;
  const address = email;
  const hash = passwordHash;
  const created = await ctx.db.transaction().execute(async (tx): Promise<CreatedUser> => {
    await redeem(tx);
    return insertNewUser(
      ctx,
      tx,
      {
        email: address,
        name: name ?? nameFromEmail(address),
        password: null,
        password_hash: hash,
        gender: input.gender,
        language: input.language,
        is_admin: false,
        is_bot: false,
        create_by: "password",
      },
      { assignName: name === null },
    );
  });
  announceNewUser(ctx, created);
  const joinGid = gid as Gid | null;
  if (joinGid !== null) await joinInvitedGroup(ctx, joinGid, created.user.uid);
  try {
    return await openSession(ctx, created.user, input.device, input.device_token);
  } catch {
    throw new HttpError(413, "registered, but the login failed");
  }
}

/** `GET /user/check_email`: true when no account uses the address. */
export async function isEmailAvailable(ctx: AppContext, email: string): Promise<boolean> {
  return (await ctx.repos.users.byEmail(normalizeEmail(email))) === undefined;
}

/**
 * `POST /user/check_magic_token`: whether a token is usable, without using it — a sign-up or
 * private-channel invitation, a confirmed registration or a login link (third-party keys are
 * not magic tokens).
 */
export async function isMagicTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  const row = await peekMagicToken(ctx.db, token, null);
  if (row) return row.kind !== "thirdparty";
  return (await checkInviteToken(ctx.db, token, "register")) || (await checkInviteToken(ctx.db, token, "private"));
}

export interface SendRegLinkInput {
  magic_token: string;
  email: string;
  password: string;
  /** The request's `Accept-Language`, for the mail. */
  language: string | null;
}

/**
 * `POST /user/send_reg_magic_link`: confirms who signs up. `magic_token` is a sign-up invitation
 * (or an earlier registration token, to send again), or "" on an open server. The e-mail and
 * the password (hashed at once) go into a new single-use registration token valid 15 minutes,
 * with the invitation's channel; the invitation itself is only used at `register`.
 * SMTP on: the token goes by mail as `{frontend_url}/?email=…&gid=…&magic_token=…#/register/set_name`
 * and the answer is `{new_magic_token:"", mail_is_sent:true}`; SMTP off: the token comes back at
 * once. 400 for an unknown or expired token, 403 on an invitation-only server without an
 * invitation, 409 `{reason:"email_conflict"}` for an address in use.
 */
export async function sendRegMagicLink(ctx: AppContext, input: SendRegLinkInput): Promise<SendRegMagicTokenResponse> {
  const config = await loadLoginConfig(ctx);
  const smtp = await loadSmtpConfig(ctx);
  const email = normalizeEmail(input.email);
  let gid: Gid | null = null;
  let inviteHash: string | null = null;
  if (input.magic_token) {
    const invite = await peekInvite(ctx.db, input.magic_token, "register");
    const earlier = invite ? undefined : await peekMagicToken(ctx.db, input.magic_token, "register");
    if (invite) {
      gid = invite.gid;
      inviteHash = invite.token_hash;
    } else if (earlier) {
      gid = earlier.gid;
      inviteHash = earlier.invite_hash;
    } else {
      throw badRequest("The invite link is invalid or expired");
    }
  }
  if (!signUpPolicy.mayCreateAccount(config, inviteHash !== null)) throw needsInvitation();
  if (await ctx.repos.users.byEmail(email)) throw conflict({ reason: "email_conflict" });
  const base = smtpReady(smtp) ? await mailLinkBase(ctx) : null;

  const passwordHash = await hashPassword(input.password);
  const token = await insertMagicToken(ctx.db, {
    kind: "register",
    email,
    password_hash: passwordHash,
    uid: null,
    gid,
    invite_hash: inviteHash,
    payload: null,
  }, ttlMs(ctx));
  if (base === null) return { new_magic_token: token, mail_is_sent: false };

  const query = new URLSearchParams({ email, ...(gid !== null ? { gid: String(gid) } : {}), magic_token: token });
  await mailOrRevoke(ctx, token, () => sendTemplateMail(ctx, smtp, email, "register", input.language, `${base}/?${query.toString()}#/register/set_name`));
  return { new_magic_token: "", mail_is_sent: true };
}

/** The human answer of `send_login_magic_link`, the same whatever happened (no account enumeration). */
export const LOGIN_LINK_SENT = "Magic token has been sent to the email.";

/**
 * `POST /user/send_login_magic_link?email=`: mails a single-use login link valid 15 minutes,
 * `{frontend_url}/?magic_token=<t>&exists=<true|false>#/login` (docs/API.md "Identity"). 406 when
 * magic-link login is off, 503 when SMTP is off.
 *
 * An address with an account gets the login template in the account's language. An address
 * without one gets the invitation template (this is how clients invite by e-mail) in the
 * request's language: following it asks for a name and creates the account. On an
 * invitation-only server that needs an inviting member's session (`X-API-Key` of someone who
 * may invite); an anonymous request then mails nothing. Bots and guests get nothing either. The
 * answer never tells which case applied.
 */
export async function sendLoginMagicLink(ctx: AppContext, emailIn: string, language: string | null, inviter: TokenClaims | null): Promise<void> {
  const config = await loadLoginConfig(ctx);
  if (!config.magic_link) throw new HttpError(406, "magic link login is disabled");
  const smtp = await requireSmtp(ctx);
  const email = normalizeEmail(emailIn);
  const user = await ctx.repos.users.byEmail(email);
  if (user && !signInPolicy.acceptsLoginLink(user)) return;
  let invited = false;
  if (!user && inviter) invited = groupPolicy.mayInvite(inviter, (await loadGroupSettings(ctx)).invite);
  if (!user && !signUpPolicy.mayCreateAccount(config, invited)) return;
  const base = await mailLinkBase(ctx);

  const token = await insertMagicToken(ctx.db, {
    kind: "login",
    email,
    password_hash: null,
    uid: user?.uid ?? null,
    gid: null,
    invite_hash: null,
    invited: invited ? 1 : 0,
    payload: null,
  }, ttlMs(ctx));
  const link = `${base}/?magic_token=${encodeURIComponent(token)}&exists=${user ? "true" : "false"}#/login`;
  await mailOrRevoke(ctx, token, () => sendTemplateMail(ctx, smtp, email, user ? "login" : "invite", user?.language ?? language, link));
}

/**
 * Mails a freshly stored token; when the mail cannot go out (503) the token is withdrawn, so a
 * refused request leaves nothing behind — no live credential that nobody received.
 */
async function mailOrRevoke(ctx: AppContext, token: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (err) {
    await revokeMagicToken(ctx.db, token);
    throw err;
  }
}
