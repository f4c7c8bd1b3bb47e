import { randomBytes, timingSafeEqual } from "node:crypto";
import { THIRD_PARTY_KEY_TTL_S, type CreateThirdPartyKeyRequest } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { setConfigAudited, type AuditActor } from "./audit.js";
import { forbidden } from "../http/errors.js";
import { loadServerKeys } from "../repos/config.js";
import { insertMagicToken } from "../repos/magicTokens.js";

/**
 * The third-party bridge (docs/API.md "Identity"): an external system that holds the server's
 * third-party secret mints short-lived login keys for its users with
 * `POST /token/create_third_party_key`; the `thirdparty` login credential redeems them
 * (`commands/sessions.ts#loginWithThirdParty`).
 */

/** The current secret, read from the database so every node agrees after a regeneration. */
export async function thirdPartySecret(ctx: AppContext): Promise<string> {
  const keys = await loadServerKeys(ctx.repos.config);
  ctx.keys.third_party_secret = keys.third_party_secret;
  return keys.third_party_secret;
}

/** `POST /admin/system/third_party_secret`: a new random secret; the old one stops working. */
export async function regenerateThirdPartySecret(ctx: AppContext, audit: AuditActor): Promise<string> {
  const keys = await loadServerKeys(ctx.repos.config);
  const secret = randomBytes(16).toString("hex");
  await setConfigAudited(ctx, "server_keys", { ...keys, third_party_secret: secret }, audit, { action: "settings.third_party_secret" });
  ctx.keys.third_party_secret = secret;
  return secret;
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `POST /token/create_third_party_key`: 403 unless `X-SECRET` is the secret. The key is an
 * opaque random token valid 2 minutes and once (VoceChat signs the user info with the server
 * key and accepts it any number of times within the 2 minutes).
 */
export async function createThirdPartyKey(ctx: AppContext, secret: string, info: CreateThirdPartyKeyRequest): Promise<string> {
  if (!sameSecret(secret, await thirdPartySecret(ctx))) throw forbidden("wrong secret");
  return insertMagicToken(ctx.db, {
    kind: "thirdparty",
    email: null,
    password_hash: null,
    uid: null,
    gid: null,
    invite_hash: null,
    payload: JSON.stringify({ userid: info.userid, username: info.username }),
  }, THIRD_PARTY_KEY_TTL_S * 1000);
}
