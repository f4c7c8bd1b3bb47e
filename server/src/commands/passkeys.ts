import { randomBytes } from "node:crypto";
import type { LoginResponse, PasskeyChallenge, PasskeyInfo, Uid } from "@parley/protocol";
import type * as WebAuthn from "@simplewebauthn/server";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { AppContext } from "../context.js";
import type { PasskeyChallengesTable } from "../db/schema.js";
import { HttpError, forbidden, notFound, unauthorized } from "../http/errors.js";
import { signInPolicy } from "../policies/identity.js";
import { presentPasskey } from "../presenters/passkeys.js";
import { recordAudit, type AuditActor } from "./audit.js";
import { loadLoginConfig, openSession } from "./sessions.js";

/**
 * @simplewebauthn/server, loaded on first use: ~0.5 s to import, needed only by a passkey
 * ceremony (as sharp and argon2 are loaded when first needed).
 */
let webauthnModule: Promise<typeof WebAuthn> | undefined;
const webauthn = () => (webauthnModule ??= import("@simplewebauthn/server"));

/**
 * Passkeys (WebAuthn, docs/API.md "MetaMask and passkeys"): a signed-in person registers
 * authenticators, and anyone signs in with one (discoverable credentials: no e-mail asked).
 * `@simplewebauthn/server` makes the options and verifies every response — challenge, origin, RP
 * id, signature and counter. Challenges live in `passkey_challenges`, single-use (taken before
 * they are checked, so a failed attempt spends it) and valid `CHALLENGE_TTL_MS`.
 */

const CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told to wait for the person, within the challenge's life. */
const CEREMONY_TIMEOUT_MS = 120_000;
const DEFAULT_NAME = "Passkey";

/** The relying party: its id (a host name) and the origin the browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party is the web client's address (docs/API.md "MetaMask and passkeys"): the
 * configured frontend URL, else the calling page's origin (the `Origin` header browsers send with
 * these POSTs), else the request's own host — the order VoceChat resolves `frontend_url` in.
 * A passkey only works at the RP id it was made for.
 */
export function relyingPartyOf(frontendUrl: string | null, originHeader: string | undefined, fallbackOrigin: string): RelyingParty {
  for (const candidate of [frontendUrl, originHeader, fallbackOrigin]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === "https:" || url.protocol === "http:") return { id: url.hostname, origin: url.origin };
    } catch {
      // Not a URL: try the next one.
    }
  }
  throw new HttpError(400, "cannot tell the web client's address");
}

async function requireEnabled(ctx: AppContext): Promise<void> {
  const config = await loadLoginConfig(ctx);
  if (!config.passkey) throw forbidden("passkey login is disabled");
}

const newChallengeId = () => randomBytes(24).toString("base64url");

/** Takes (deletes) the challenge: 400 when unknown, used, expired or of the other kind. */
async function takeChallenge(ctx: AppContext, id: string, kind: PasskeyChallengesTable["kind"]): Promise<PasskeyChallengesTable> {
  const row = await ctx.db.selectFrom("passkey_challenges").selectAll().where("id", "=", id).executeTakeFirst();
  const taken = row ? await ctx.db.deleteFrom("passkey_challenges").where("id", "=", id).executeTakeFirst() : undefined;
  // Two concurrent finishes: only the one whose delete removed the row goes on.
  if (!row || Number(taken?.numDeletedRows ?? 0) !== 1 || row.kind !== kind || Number(row.expires_at) < Date.now()) {
    throw new HttpError(400, "the passkey challenge is unknown, used or expired");
  }
  return row;
}

async function storeChallenge(ctx: AppContext, row: Omit<PasskeyChallengesTable, "id" | "expires_at">): Promise<string> {
  const id = newChallengeId();
  const now = Date.now();
  // Expired challenges are swept as new ones are made (they are few and small).
  await ctx.db.deleteFrom("passkey_challenges").where("expires_at", "<", now).execute();
  await ctx.db
    .insertInto("passkey_challenges")
    .values({ id, ...row, expires_at: now + CHALLENGE_TTL_MS })
    .execute();
  return id;
}

const transportsOf = (json: string): AuthenticatorTransport[] => {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? (parsed.filter((t) => typeof t === "string") as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
};

const cleanName = (name: string | null | undefined) => name?.trim() || DEFAULT_NAME;

/** `POST /token/passkey/register/start`: creation options for the caller (its passkeys excluded). */
export async function startPasskeyRegistration(
  ctx: AppContext,
  uid: Uid,
  name: string | null | undefined,
  rp: RelyingParty,
): Promise<PasskeyChallenge<PublicKeyCredentialCreationOptionsJSON>> {
  await requireEnabled(ctx);
  const user = await ctx.repos.users.byId(uid);
  if (!user) throw unauthorized();
  const existing = await ctx.db.selectFrom("passkeys").select(["credential_id", "transports"]).where("uid", "=", uid).execute();
  const org = await ctx.repos.config.get<{ name?: string }>("organization");
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: org?.name || "Parley",
    rpID: rp.id,
    userName: user.email ?? user.name,
    userDisplayName: user.name,
    // The user handle: the uid, so a discoverable credential names its account.
    userID: new TextEncoder().encode(String(uid)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    // Resident keys: signing in needs no e-mail, the authenticator offers its passkeys.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = await storeChallenge(ctx, { kind: "register", challenge: options.challenge, uid, name: cleanName(name), rp_id: rp.id, origin: rp.origin });
  return { challenge_id: challengeId, options: { publicKey: options } };
}

/**
 * `POST /token/passkey/register/finish`: verifies the authenticator's attestation against the
 * challenge and stores the passkey. 400 bad or used challenge (or another account's), 401 a
 * response that does not verify, 409 a credential already registered.
 */
export async function finishPasskeyRegistration(
  ctx: AppContext,
  uid: Uid,
  input: { challenge_id: string; credential: RegistrationResponseJSON; name?: string | null },
  audit: AuditActor,
): Promise<PasskeyInfo> {
  await requireEnabled(ctx);
  const challenge = await takeChallenge(ctx, input.challenge_id, "register");
  if (Number(challenge.uid) !== uid) throw new HttpError(400, "the passkey challenge is unknown, used or expired");
  let verified;
  try {
    verified = await (await webauthn()).verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      requireUserVerification: false,
    });
  } catch (err) {
    throw unauthorized(`passkey not verified: ${(err as Error).message}`);
  }
  if (!verified.verified) throw unauthorized("passkey not verified");
  const { credential } = verified.registrationInfo;
  const name = input.name?.trim() ? input.name.trim() : (challenge.name ?? DEFAULT_NAME);
  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom("passkeys").select("id").where("credential_id", "=", credential.id).executeTakeFirst();
    if (taken) throw new HttpError(409, "this passkey is already registered");
    const inserted = await tx
      .insertInto("passkeys")
      .values({
        uid,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? input.credential.response.transports ?? []),
        rp_id: challenge.rp_id,
        name,
        created_at: now,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, audit, { action: "account.passkey_added", target_uid: uid, detail: { name, credential_id: credential.id } });
    return inserted;
  });
  return presentPasskey(row);
}

/** `POST /token/passkey/auth/start`: request options for any of this RP's discoverable passkeys. */
export async function startPasskeyAuthentication(ctx: AppContext, rp: RelyingParty): Promise<PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON>> {
  await requireEnabled(ctx);
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.id, timeout: CEREMONY_TIMEOUT_MS, userVerification: "preferred" });
  const challengeId = await storeChallenge(ctx, { kind: "auth", challenge: options.challenge, uid: null, name: null, rp_id: rp.id, origin: rp.origin });
  return { challenge_id: challengeId, options: { publicKey: options } };
}

/**
 * `POST /token/passkey/auth/finish` and the `passkey` login credential: verifies the assertion
 * with the stored public key, checks the signature counter moved forward (a cloned authenticator
 * repeats one), and signs in. 400 bad or used challenge, 401 unknown passkey or a response that
 * does not verify, 423 frozen.
 */
export async function loginWithPasskey(
  ctx: AppContext,
  challengeId: string,
  response: AuthenticationResponseJSON,
  device: string,
  deviceToken: string | null,
): Promise<LoginResponse> {
  await requireEnabled(ctx);
  const challenge = await takeChallenge(ctx, challengeId, "auth");
  const stored = await ctx.db.selectFrom("passkeys").selectAll().where("credential_id", "=", response.id).executeTakeFirst();
  if (!stored || stored.rp_id !== challenge.rp_id) throw unauthorized("unknown passkey");
  let verified;
  try {
    verified = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, "base64url")),
        counter: Number(stored.counter),
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: false,
    });
  } catch (err) {
    throw unauthorized(`passkey not verified: ${(err as Error).message}`);
  }
  if (!verified.verified) throw unauthorized("passkey not verified");
  const user = await ctx.repos.users.byId(stored.uid as Uid);
  if (!user) throw unauthorized("unknown passkey");
  if (signInPolicy.isFrozen(user)) throw new HttpError(423, "user frozen");
  await ctx.db
    .updateTable("passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: Date.now() })
    .where("id", "=", stored.id)
    .execute();
  return openSession(ctx, user, device, deviceToken);
}

/** `GET /token/passkey/list`: the caller's passkeys, oldest first. */
export async function listPasskeys(ctx: AppContext, uid: Uid): Promise<PasskeyInfo[]> {
  const rows = await ctx.db.selectFrom("passkeys").selectAll().where("uid", "=", uid).orderBy("id").execute();
  return rows.map(presentPasskey);
}

/** `DELETE /token/passkey/{credential_id}`: 404 unless it is one of the caller's. */
export async function deletePasskey(ctx: AppContext, uid: Uid, credentialId: string, audit: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("passkeys").select(["id", "name"]).where("uid", "=", uid).where("credential_id", "=", credentialId).executeTakeFirst();
    if (!row) throw notFound("no such passkey");
    await tx.deleteFrom("passkeys").where("id", "=", row.id).execute();
    await recordAudit(tx, audit, { action: "account.passkey_removed", target_uid: uid, detail: { name: row.name, credential_id: credentialId } });
  });
}
