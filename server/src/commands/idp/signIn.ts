import type { LinkedIdentity, LoginResponse, Uid, UnbindRequest } from "@parley/protocol";
import { guardedFetch } from "../../auth/idp/fetch.js";
import { verifyGithubCode } from "../../auth/idp/github.js";
import { verifyGoogleIdToken } from "../../auth/idp/google.js";
import type { VerifiedIdentity } from "../../auth/idp/identity.js";
import { enabledProvider, finishAuthorization, startAuthorization, takeState } from "../../auth/idp/oidc.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/index.js";
import { HttpError, badRequest, conflict, forbidden, unauthorized } from "../../http/errors.js";
import { signInPolicy } from "../../policies/identity.js";
import { recordAudit, type AuditActor } from "../audit.js";
import { finishOutsideSignIn, loadLoginConfig, signUpFromOutside, type OutsideSignIn } from "../sessions.js";
import { DEFAULT_GITHUB_API_URL, DEFAULT_GITHUB_URL, DEFAULT_GOOGLE_JWKS_URL, issuerOf, loadGithubConfig, loadGoogleConfig } from "./config.js";

/**
 * Sign-in and account linking with Google, GitHub and OIDC providers (docs/API.md "Third-party
 * sign-in"). Each credential is verified with its provider first; the identity it proves
 * (provider, issuer, subject) then finds its account in `identities`, or a verified e-mail finds
 * an existing account (which it is then linked to), or a new account is made — on an
 * invitation-only server only with a valid sign-up invitation (`magic_token`), 410 otherwise.
 */
export type IdpCredential =
  | { type: "google"; id_token: string; magic_token?: string | null; /** The nonce the sign-in asked Google for (the widget's). */ nonce?: string }
  | { type: "github"; code: string; magic_token?: string | null }
  | { type: "oidc"; code: string; state: string; magic_token?: string | null };


const fetchOf = (ctx: AppContext) => guardedFetch(ctx.config.previewAllowPrivate);

/** 403 when the method is off in the login config (or not set up); otherwise verifies the credential with its provider. */
export async function verifyCredential(ctx: AppContext, credential: IdpCredential): Promise<VerifiedIdentity> {
  const config = await loadLoginConfig(ctx);
  const fetch = fetchOf(ctx);
  switch (credential.type) {
    case "google": {
      const app = await loadGoogleConfig(ctx);
      if (!config.google || !app.client_id) throw forbidden("Google login is disabled");
      return verifyGoogleIdToken(credential.id_token, app.client_id, ctx.config.googleJwksUrl ?? DEFAULT_GOOGLE_JWKS_URL, fetch, credential.nonce);
    }
    case "github": {
      const app = await loadGithubConfig(ctx);
      if (!config.github || !app.client_id) throw forbidden("GitHub login is disabled");
      return verifyGithubCode(credential.code, app, { site: ctx.config.githubUrl ?? DEFAULT_GITHUB_URL, api: ctx.config.githubApiUrl ?? DEFAULT_GITHUB_API_URL }, fetch);
    }
    case "oidc": {
      if (!config.oidc.some((o) => o.enable)) throw forbidden("OIDC login is disabled");
      // The state is spent whatever happens next: a replayed or failed sign-in starts again.
      const pending = await takeState(ctx.db, credential.state);
      const provider = enabledProvider(config.oidc, pending.domain, issuerOf);
      return finishAuthorization(provider, pending, credential.code, credential.state, fetch, ctx.config.previewAllowPrivate);
    }
  }
}

/** `POST /token/openid/authorize`: 403 unknown or disabled provider, 400 bad redirect, 503 discovery failed. */
export async function authorizeOidc(ctx: AppContext, domain: string, redirectUri: string): Promise<string> {
  const config = await loadLoginConfig(ctx);
  const provider = enabledProvider(config.oidc, domain, issuerOf);
  let redirect: URL;
  try {
    redirect = new URL(redirectUri);
  } catch {
    throw badRequest("failed to parse body.redirect_uri: expected an absolute URL");
  }
  if (redirect.protocol !== "https:" && redirect.protocol !== "http:") throw badRequest("failed to parse body.redirect_uri: expected an http(s) URL");
  return startAuthorization(ctx.db, provider, redirect.href, fetchOf(ctx), ctx.config.previewAllowPrivate);
}

const identityKey = (id: VerifiedIdentity) => ({ provider: id.provider, issuer: id.issuer, subject: id.subject });

export async function linkedUid(db: Db, id: VerifiedIdentity): Promise<Uid | null> {
  const row = await db
    .selectFrom("identities")
    .select("uid")
    .where("provider", "=", id.provider)
    .where("issuer", "=", id.issuer)
    .where("subject", "=", id.subject)
    .executeTakeFirst();
  return row ? (row.uid as Uid) : null;
}

export async function insertIdentity(db: Db, id: VerifiedIdentity, uid: Uid): Promise<void> {
  await db.insertInto("identities").values({ ...identityKey(id), uid, email: id.email, created_at: Date.now() }).execute();
}

const NAME_MAX = 32;
export const nameFor = (id: VerifiedIdentity): string => {
  const raw = (id.name ?? id.email?.split("@")[0] ?? "").trim().slice(0, NAME_MAX).trim();
  return raw || "User";
};

/**
 * `POST /token/login` with `google`, `github` or `oidc`: 401 invalid credential, 403 method off,
 * 410 a new account on an invitation-only server without a valid invitation, 412 an expired
 * invitation, 423 frozen.
 */
export async function loginWithIdentity(ctx: AppContext, credential: IdpCredential, device: string, deviceToken: string | null): Promise<LoginResponse> {
  const id = await verifyCredential(ctx, credential);
  const config = await loadLoginConfig(ctx);
  const invite = credential.magic_token || null;
  const result = await ctx.db.transaction().execute(async (tx): Promise<OutsideSignIn> => {
    const uid = await linkedUid(tx, id);
    if (uid !== null) {
      const user = await tx.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
      // A widget visitor's identity signs in to the widget only (docs/API.md "Widget").
      if (user && user.create_by === "widget") throw conflict({ reason: "widget_visitor" }, "this account is a chat widget visitor's");
      if (user) return { user, created: null, gid: null };
      await tx.deleteFrom("identities").where("uid", "=", uid).execute();
    }
    // The provider verified this address: it is this person's account, link it.
    const byEmail = id.email ? await tx.selectFrom("users").selectAll().where("email", "=", id.email).executeTakeFirst() : undefined;
    if (byEmail && signInPolicy.acceptsLoginLink(byEmail)) {
      await insertIdentity(tx, id, byEmail.uid as Uid);
      return { user: byEmail, created: null, gid: null };
    }
    const signedUp = await signUpFromOutside(ctx, tx, config, invite, { email: byEmail ? null : id.email, name: nameFor(id), create_by: id.provider });
    await insertIdentity(tx, id, signedUp.user.uid as Uid);
    return signedUp;
  });
  return finishOutsideSignIn(ctx, result, device, deviceToken);
}

/**
 * `POST /token/bind`: links the identity to the caller. 409 when it is linked to another
 * account, or the caller already has another identity of that provider; linking it again is a 200.
 */
export async function bindIdentity(ctx: AppContext, uid: Uid, credential: IdpCredential, audit: AuditActor): Promise<void> {
  const id = await verifyCredential(ctx, credential);
  await ctx.db.transaction().execute(async (tx) => {
    const owner = await linkedUid(tx, id);
    if (owner === uid) return;
    if (owner !== null && (await tx.selectFrom("users").select("uid").where("uid", "=", owner).executeTakeFirst())) {
      throw conflict({ reason: "identity_linked_elsewhere" }, "this account is already linked to another user");
    }
    if (owner !== null) await tx.deleteFrom("identities").where("uid", "=", owner).execute();
    const other = await tx.selectFrom("identities").select("subject").where("uid", "=", uid).where("provider", "=", id.provider).where("issuer", "=", id.issuer).executeTakeFirst();
    if (other) throw conflict({ reason: "provider_already_linked" }, "another account of this provider is linked, unlink it first");
    await insertIdentity(tx, id, uid);
    await recordAudit(tx, audit, { action: "account.identity_linked", target_uid: uid, detail: { type: id.provider, issuer: id.issuer } });
  });
}

/**
 * `POST /token/unbind` (Parley): forgets one linked identity. 404 when none is linked; 409 when it
 * is the account's last way to sign in (no password, no e-mail for login links, no other identity).
 */
export async function unbindIdentity(ctx: AppContext, uid: Uid, input: UnbindRequest, audit: AuditActor): Promise<void> {
  const issuer = input.type === "oidc" ? (input.issuer ?? "") : "";
  await ctx.db.transaction().execute(async (tx) => {
    const mine = await tx.selectFrom("identities").selectAll().where("uid", "=", uid).execute();
    const target = mine.find((r) => r.provider === input.type && r.issuer === issuer);
    if (!target) throw new HttpError(404, "no such linked account");
    const user = await tx.selectFrom("users").select(["password_hash", "email"]).where("uid", "=", uid).executeTakeFirst();
    if (!user) throw unauthorized();
    if (user.password_hash === null && user.email === null && mine.length === 1) {
      throw conflict({ reason: "last_sign_in_method" }, "this is the account's only way to sign in");
    }
    await tx.deleteFrom("identities").where("uid", "=", uid).where("provider", "=", target.provider).where("issuer", "=", target.issuer).execute();
    await recordAudit(tx, audit, { action: "account.identity_unlinked", target_uid: uid, detail: { type: target.provider, issuer: target.issuer } });
  });
}

/** `GET /token/identities` (Parley): the caller's linked identities. */
export async function listIdentities(ctx: AppContext, uid: Uid): Promise<LinkedIdentity[]> {
  const rows = await ctx.db.selectFrom("identities").selectAll().where("uid", "=", uid).orderBy("created_at").execute();
  return rows.map((r) => ({ type: r.provider, issuer: r.issuer, email: r.email, created_at: Number(r.created_at) }));
}
