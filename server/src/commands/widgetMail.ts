import { MAGIC_LINK_TTL_S, type LoginResponse, type Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { HttpError, forbidden, notFound } from "../http/errors.js";
import { consumeMagicToken, insertMagicToken, magicTokenHash, newMagicToken, revokeMagicToken } from "../repos/magicTokens.js";
import type { UserRow } from "../repos/users.js";
import { visitorPolicy, WIDGET_DEVICE, widgetDeviceFor } from "../policies/widget.js";
import { mailLinkBase, requireSmtp, sendTemplateMail } from "./mail.js";
import { loadLoginConfig, openSession } from "./sessions.js";
import { createUser } from "./users.js";

/**
 * Signing in to the widget by e-mail (docs/API.md "Widget"), so a visitor goes on with its
 * conversation in another browser. The widget runs on another site, so the mailed link cannot
 * hand it a session: it works like a device sign-in instead. The widget gets a poll token and
 * asks with it until the link (opened anywhere) confirms; the mailed token and the poll token
 * are stored only as their SHA-256 (`magic_tokens`), each used once.
 */
const ttlMs = (ctx: AppContext) => (ctx.config.magicLinkTtlS ?? MAGIC_LINK_TTL_S) * 1000;

interface MailPayload {
  /** SHA-256 of the poll token the widget holds. */
  poll: string;
  host: Uid;
}

/**
 * `POST /widget/email_login {host_id, email}`: mails a sign-in link and answers the poll token.
 * `current` is the visitor whose session made the request, if any: a new address is given to it,
 * so its conversation goes on. 403 when magic links are off, 503 without SMTP or frontend URL.
 */
export async function startEmailLogin(ctx: AppContext, hostId: Uid, email: string, current: UserRow | null, language: string | null): Promise<{ poll_token: string }> {
  if (!(await loadLoginConfig(ctx)).magic_link) throw forbidden("magic link login is disabled");
  const host = await ctx.repos.users.byId(hostId);
  if (!host || host.status !== "normal" || host.create_by === "guest" || host.create_by === "widget") throw notFound("no such host");
  const smtp = await requireSmtp(ctx);
  const base = await mailLinkBase(ctx);
  const poll = newMagicToken();
  const payload: MailPayload = { poll: magicTokenHash(poll), host: hostId };
  const visitor = current && current.create_by === "widget" && current.widget_id === String(hostId) ? current.uid : null;
  const token = await insertMagicToken(ctx.db, { kind: "widget_mail", email: email.trim().toLowerCase(), uid: visitor, password_hash: null, gid: null, invite_hash: null, payload: JSON.stringify(payload) }, ttlMs(ctx));
  try {
    await sendTemplateMail(ctx, smtp, email, "login", language, `${base}/api/widget/email_login/confirm?token=${encodeURIComponent(token)}`);
  } catch (err) {
    await revokeMagicToken(ctx.db, token);
    throw err;
  }
  return { poll_token: poll };
}

/**
 * The mailed link: picks the account the address signs into (this host's visitor with that
 * address, or a person of the server with it; else the visitor who asked, now with the address;
 * else a new visitor with it) and leaves its uid for the poll token. 409 when the address is an
 * account that cannot chat with this host there (the host itself, another host's visitor, a
 * bot), 410 for a used or expired link.
 */
export async function confirmEmailLogin(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await consumeMagicToken(tx, token, "widget_mail");
    if (!row || !row.email || !row.payload) throw new HttpError(410, "this link was used or has expired");
    const { poll, host } = JSON.parse(row.payload) as MailPayload;
    const owner = await tx.selectFrom("users").selectAll().where("email", "=", row.email).executeTakeFirst();
    let uid: Uid | null = null;
    if (owner) {
      // This host's visitor, or a person of the server (who then chats as themself, on `widget:<host>`).
      if (visitorPolicy.hostOf(owner, widgetDeviceFor(host)) !== host) throw new HttpError(409, "this address belongs to an account that cannot chat here");
      uid = owner.uid;
    } else if (row.uid !== null) {
      await tx.updateTable("users").set({ email: row.email, updated_at: Date.now() }).where("uid", "=", row.uid).where("create_by", "=", "widget").execute();
      uid = row.uid;
    }
    await tx
      .insertInto("magic_tokens")
      .values({ token_hash: poll, kind: "widget_ready", email: row.email, uid, password_hash: null, gid: row.gid, invite_hash: null, payload: String(host), created_at: Date.now(), expires_at: Date.now() + ttlMs(ctx) })
      .execute();
  });
}

/**
 * `POST /widget/email_login/poll {poll_token}`: the session, once the link was opened or the
 * GitHub/OIDC popup finished (`commands/widgetSignIn.ts`) (null before; the widget asks again).
 * A new address gets its visitor account here.
 */
export async function pollEmailLogin(ctx: AppContext, pollToken: string): Promise<LoginResponse | null> {
  const row = await consumeMagicToken(ctx.db, pollToken, "widget_ready");
  if (!row || (!row.email && row.uid === null)) return null;
  let user = row.uid !== null ? await ctx.repos.users.byId(row.uid) : undefined;
  if (!user) {
    if (!row.email) return null;
    user = await createUser(
      ctx,
      { email: row.email, name: `Visitor${Math.floor(100_000 + Math.random() * 900_000)}`, password: null, gender: 0, language: "en-US", is_admin: false, is_bot: false, create_by: "widget", widget_id: row.payload },
      { assignName: true },
    );
  }
  if (user.status === "frozen") throw new HttpError(403, "this visitor is blocked");
  // A person's account (signed in with GitHub or OIDC) talks to the host on `widget:<host>`.
  const device = user.create_by === "widget" ? WIDGET_DEVICE : widgetDeviceFor(Number(row.payload));
  return openSession(ctx, user, device, null);
}
