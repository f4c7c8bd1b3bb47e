import type { LoginResponse, Uid, WidgetLoginMethods, WidgetOAuthFinish, WidgetOAuthStart } from "@parley/protocol";
import type { VerifiedIdentity } from "../auth/idp/identity.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { HttpError, badRequest, forbidden, notFound } from "../http/errors.js";
import { visitorPolicy, widgetDeviceFor } from "../policies/widget.js";
import { consumeMagicToken, magicTokenHash, newMagicToken } from "../repos/magicTokens.js";
import type { UserRow } from "../repos/users.js";
import { DEFAULT_GITHUB_URL, GOOGLE_AUTHORIZE_URL, loadGithubConfig, loadGoogleConfig } from "./idp/config.js";
import { authorizeOidc, insertIdentity, linkedUid, nameFor, verifyCredential, type IdpCredential } from "./idp/signIn.js";
import { loadLoginConfig, loginWithPassword, logout } from "./sessions.js";
import { announceNewUser, insertNewUser, type CreatedUser } from "./users.js";

/**
 * Signing in to the widget with the server's other login methods (docs/API.md "Widget"): a
 * password answers a session at once; Google, GitHub and OIDC run in a popup window on Parley's origin,
 * and the widget picks the session up with a poll token, as with a mailed link. A person's
 * account gets a session on the device `widget:<host>`, which the visitor policy keeps to the
 * conversation with the host.
 */

/** How long a started Google, GitHub or OIDC sign-in waits for its callback: 10 minutes. */
export const WIDGET_OAUTH_TTL_MS = 10 * 60_000;

/** Who may host: an active account that is neither a guest nor a visitor (as `commands/widget.ts`). */
async function requireHost(ctx: AppContext, hostId: Uid): Promise<void> {
  const host = await ctx.repos.users.byId(hostId);
  if (!host || host.status !== "normal" || host.create_by === "guest" || host.create_by === "widget") throw notFound("no such host");
}

/** The sign-in methods the widget offers: the server's, as the login config and the apps set up allow. */
export async function widgetLoginMethods(ctx: AppContext): Promise<WidgetLoginMethods> {
  const config = await loadLoginConfig(ctx);
  const github = config.github && !!(await loadGithubConfig(ctx)).client_id;
  const google = config.google && !!(await loadGoogleConfig(ctx)).client_id;
  return {
    password: config.password,
    magic_link: config.magic_link,
    google,
    github,
    oidc: config.oidc.filter((o) => o.enable).map((o) => ({ domain: o.domain, favicon: o.favicon })),
  };
}

/** 403 when `user` cannot talk to `host` in the widget (another host's visitor, the host itself); the session just opened is closed again. */
async function requireWidgetAccount(ctx: AppContext, login: LoginResponse, host: Uid, device: string): Promise<LoginResponse> {
  const user = await ctx.repos.users.byId(login.user.uid);
  if (user && visitorPolicy.hostOf(user, device) === host) return login;
  await logout(ctx, { uid: login.user.uid, device, is_admin: false, is_guest: false });
  throw forbidden("this account cannot chat with this host here");
}

/** `POST /widget/login {host_id, email, password}`: the account's session on `widget:<host>`; the statuses of `POST /token/login`'s password. */
export async function widgetPasswordLogin(ctx: AppContext, hostId: Uid, email: string, password: string): Promise<LoginResponse> {
  await requireHost(ctx, hostId);
  const device = widgetDeviceFor(hostId);
  return requireWidgetAccount(ctx, await loginWithPassword(ctx, email, password, device, null), hostId, device);
}

type WidgetOAuthType = "google" | "github" | "oidc";

interface OAuthPayload {
  /** SHA-256 of the poll token the widget holds. */
  poll: string;
  host: Uid;
  type: WidgetOAuthType;
  /** Google's only: the `nonce` its ID token must carry, so that no other sign-in's token finishes this one. */
  nonce?: string;
  /** The page the widget runs on (the popup tells it there, and only there). */
  origin: string | null;
  /** The anonymous visitor that started it, whose conversation a new identity takes over. */
  visitor: Uid | null;
}

/**
 * `POST /widget/oauth {host_id, type, domain?}`: the provider's authorization URL for the popup,
 * coming back to `<base>/cb/{google|github|oidc}/widget`, and the poll token. Google's asks for an
 * ID token in the URL fragment (`response_type=id_token`) with a `nonce` kept with the sign-in. The `state` the provider
 * returns names this sign-in (`magic_tokens` kind `widget_oauth`, stored as its SHA-256, once).
 * 403 for a method that is off, 404 for a host that cannot host.
 */
export async function startWidgetOAuth(
  ctx: AppContext,
  input: { host_id: Uid; type: WidgetOAuthType; domain?: string | null },
  base: string,
  origin: string | null,
  current: UserRow | null,
): Promise<WidgetOAuthStart> {
  await requireHost(ctx, input.host_id);
  const redirect = `${base}/cb/${input.type}/widget`;
  let url: string;
  let state: string;
  let nonce: string | undefined;
  if (input.type === "google") {
    const config = await loadLoginConfig(ctx);
    const app = await loadGoogleConfig(ctx);
    if (!config.google || !app.client_id) throw forbidden("Google login is disabled");
    state = newMagicToken();
    nonce = newMagicToken();
    const authorize = new URL(GOOGLE_AUTHORIZE_URL);
    authorize.search = new URLSearchParams({ client_id: app.client_id, redirect_uri: redirect, response_type: "id_token", scope: "openid email profile", state, nonce, prompt: "select_account" }).toString();
    url = authorize.href;
  } else if (input.type === "github") {
    const config = await loadLoginConfig(ctx);
    const app = await loadGithubConfig(ctx);
    if (!config.github || !app.client_id) throw forbidden("GitHub login is disabled");
    state = newMagicToken();
    const authorize = new URL("/login/oauth/authorize", ctx.config.githubUrl ?? DEFAULT_GITHUB_URL);
    authorize.search = new URLSearchParams({ client_id: app.client_id, redirect_uri: redirect, state, scope: "read:user user:email" }).toString();
    url = authorize.href;
  } else {
    if (!input.domain) throw badRequest("failed to parse body.domain: an OIDC provider is needed");
    url = await authorizeOidc(ctx, input.domain, redirect);
    state = new URL(url).searchParams.get("state") ?? "";
  }
  const poll = newMagicToken();
  const visitor = current && current.create_by === "widget" && current.widget_id === String(input.host_id) ? current.uid : null;
  const payload: OAuthPayload = { poll: magicTokenHash(poll), host: input.host_id, type: input.type, ...(nonce ? { nonce } : {}), origin, visitor };
  const now = Date.now();
  await ctx.db
    .insertInto("magic_tokens")
    .values({ token_hash: magicTokenHash(state), kind: "widget_oauth", email: null, uid: visitor, password_hash: null, gid: null, invite_hash: null, payload: JSON.stringify(payload), created_at: now, expires_at: now + WIDGET_OAUTH_TTL_MS })
    .execute();
  return { url, poll_token: poll };
}

/**
 * The account an identity signs in to the widget of `host` (in the caller's transaction): the one
 * it is linked to, or the account of its verified address, when either can talk to the host
 * there; else the anonymous visitor that started the sign-in (its conversation goes on), else a
 * new visitor of the host — linked to the identity, so it comes back to the same one. 409 for an
 * identity or address of another host's visitor.
 */
async function widgetAccountOf(ctx: AppContext, tx: Db, id: VerifiedIdentity, p: OAuthPayload): Promise<{ user: UserRow; created: CreatedUser | null }> {
  const device = widgetDeviceFor(p.host);
  const byId = async (uid: Uid) => tx.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
  const fits = (u: UserRow) => visitorPolicy.hostOf(u, device) === p.host;
  const taken = () => new HttpError(409, "this account cannot chat with this host here");
  const linked = await linkedUid(tx, id);
  const owner = linked !== null ? await byId(linked) : undefined;
  if (owner) {
    if (!fits(owner)) throw taken();
    return { user: owner, created: null };
  }
  if (linked !== null) await tx.deleteFrom("identities").where("uid", "=", linked).execute();
  const byEmail = id.email ? await tx.selectFrom("users").selectAll().where("email", "=", id.email).executeTakeFirst() : undefined;
  if (byEmail) {
    if (!fits(byEmail) || byEmail.is_bot === 1) throw taken();
    await insertIdentity(tx, id, byEmail.uid);
    return { user: byEmail, created: null };
  }
  const asker = p.visitor !== null ? await byId(p.visitor) : undefined;
  if (asker && fits(asker)) {
    if (id.email && asker.email === null) await tx.updateTable("users").set({ email: id.email, updated_at: Date.now() }).where("uid", "=", asker.uid).execute();
    await insertIdentity(tx, id, asker.uid);
    return { user: asker, created: null };
  }
  const created = await insertNewUser(
    ctx,
    tx,
    { email: id.email, name: nameFor(id), password: null, gender: 0, language: "en-US", is_admin: false, is_bot: false, create_by: "widget", widget_id: String(p.host) },
    { assignName: true },
  );
  await insertIdentity(tx, id, created.user.uid);
  return { user: created.user, created };
}

/**
 * `POST /widget/oauth/finish {type, code | id_token, state}` (the callback page in the popup):
 * verifies the code with the provider (Google's ID token against its keys and the sign-in's nonce), picks the account (`widgetAccountOf`) and leaves it for the widget's
 * poll token. Answers the widget's page origin, to which alone the popup posts its "done". 410
 * for an unknown, used or expired sign-in; 401/403 as the provider's sign-in; 423 frozen.
 */
export async function finishWidgetOAuth(ctx: AppContext, input: WidgetOAuthFinish): Promise<{ origin: string | null }> {
  const row = await consumeMagicToken(ctx.db, input.state, "widget_oauth");
  if (!row?.payload) throw new HttpError(410, "this sign-in has expired, start it again from the chat window");
  const p = JSON.parse(row.payload) as OAuthPayload;
  if (p.type !== input.type) throw new HttpError(410, "this sign-in has expired, start it again from the chat window");
  const credential: IdpCredential =
    input.type === "google"
      ? { type: "google", id_token: input.id_token, nonce: p.nonce ?? "" }
      : input.type === "github"
        ? { type: "github", code: input.code }
        : { type: "oidc", code: input.code, state: input.state };
  const id = await verifyCredential(ctx, credential);
  const result = await ctx.db.transaction().execute(async (tx) => {
    const account = await widgetAccountOf(ctx, tx, id, p);
    if (account.user.status === "frozen") throw new HttpError(423, "user frozen");
    const now = Date.now();
    await tx
      .insertInto("magic_tokens")
      .values({ token_hash: p.poll, kind: "widget_ready", email: account.user.email, uid: account.user.uid, password_hash: null, gid: null, invite_hash: null, payload: String(p.host), created_at: now, expires_at: now + WIDGET_OAUTH_TTL_MS })
      .execute();
    return account;
  });
  if (result.created) announceNewUser(ctx, result.created);
  return { origin: p.origin };
}
