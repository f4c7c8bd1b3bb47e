import type { KeyObject } from "node:crypto";
import type { LicenseReply } from "@parley/protocol";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { HttpError, badRequest } from "../http/errors.js";
import { parseLicense, readPublicKey, rfc3339, verifyLicense, type License } from "../license/format.js";
import { licenseProblem } from "../policies/license.js";
import { presentCommunityLicense, presentLicense } from "../presenters/license.js";
import { ConfigRepo } from "../repos/config.js";
import { countLicensedUsers, LICENSE_KEY, loadStoredLicense, type StoredLicense } from "../repos/license.js";
import { setConfigAudited, type AuditActor } from "./audit.js";
import { configuredFrontendUrl } from "./frontend.js";

/**
 * The license routes (docs/API.md "License"). Parley is free software: a server without an
 * installed license answers the unlimited community license. An admin may install a license
 * signed with the private key matching `LICENSE_PUBLIC_KEY`; from then on its `user_limit` bounds
 * the accounts (`userLimit`, enforced where every account is created: `insertNewUser`).
 */

export const UNPARSABLE = "License error: the license could not be read.";
export const NO_PUBLIC_KEY = "License error: this server has no LICENSE_PUBLIC_KEY to verify licenses with.";

const keys = new Map<string, KeyObject>();

/** The configured public key, read once per PEM (the config validated it at start). */
function publicKey(ctx: AppContext): KeyObject | null {
  const pem = ctx.config.licensePublicKey;
  if (!pem) return null;
  let key = keys.get(pem);
  if (!key) {
    key = readPublicKey(pem);
    keys.set(pem, key);
  }
  return key;
}

/**
 * The host a license must name: the configured frontend URL's, else the request's own (so a
 * license is checked against the address people use, not whatever a proxy forwards).
 */
async function serverHost(ctx: AppContext, requestHost: string): Promise<string> {
  const frontend = await configuredFrontendUrl(ctx);
  return frontend ? new URL(frontend).hostname : requestHost;
}

/**
 * The most non-guest accounts the server may hold, 0 for no limit: the smaller of `MAX_USERS`
 * and the installed license's `user_limit`. An installed license keeps bounding the accounts
 * once expired (it is reported as such, and nobody is locked out).
 */
export async function userLimit(ctx: AppContext, db: Db): Promise<number> {
  const limits: number[] = [];
  if ((ctx.config.maxUsers ?? 0) > 0) limits.push(ctx.config.maxUsers as number);
  const stored = await loadStoredLicense(new ConfigRepo(db));
  const license = stored ? parseLicense(stored.base58) : null;
  if (license) limits.push(license.user_limit);
  return limits.length ? Math.min(...limits) : 0;
}

/** `GET /license`: the installed license, or the community one. */
export async function currentLicense(ctx: AppContext, requestHost: string): Promise<LicenseReply> {
  const [stored, count] = await Promise.all([loadStoredLicense(ctx.repos.config), countLicensedUsers(ctx.db)]);
  const license = stored ? parseLicense(stored.base58) : null;
  if (!license) return presentCommunityLicense(count, ctx.config.maxUsers ?? 0);
  const sign = verifyLicense(license, publicKey(ctx));
  const problem = licenseProblem(license, sign, await serverHost(ctx, requestHost), new Date());
  return presentLicense(license, { sign, installed: true, user_count: count, problem });
}

/** Reads and verifies a license string: 409 without a public key, 400 when it is not a license. */
async function examine(ctx: AppContext, text: string, requestHost: string): Promise<{ license: License; reply: LicenseReply }> {
  const key = publicKey(ctx);
  if (!key) throw new HttpError(409, NO_PUBLIC_KEY);
  const license = parseLicense(text);
  if (!license) throw badRequest(UNPARSABLE);
  const sign = verifyLicense(license, key);
  const problem = licenseProblem(license, sign, await serverHost(ctx, requestHost), new Date());
  const reply = presentLicense(license, { sign, installed: false, user_count: await countLicensedUsers(ctx.db), problem });
  return { license, reply };
}

/** `POST /license/check`: what the license says and whether it would install here; nothing changes. */
export async function checkLicense(ctx: AppContext, text: string, requestHost: string): Promise<LicenseReply> {
  return (await examine(ctx, text, requestHost)).reply;
}

/**
 * `PUT /license`: installs a license that verifies, names this server and has not expired;
 * otherwise 400 `License error: <problem>` and the installed one stays. A 400 and not VoceChat's
 * 451, which its web client answers by signing the admin out.
 */
export async function installLicense(ctx: AppContext, text: string, requestHost: string, actor: AuditActor & { uid: number }): Promise<void> {
  const { license, reply } = await examine(ctx, text, requestHost);
  if (reply.problem) throw badRequest(`License error: ${reply.problem}`);
  const stored: StoredLicense = { base58: license.base58, installed_at: Date.now(), installed_by: actor.uid };
  await setConfigAudited(ctx, LICENSE_KEY, stored, actor, {
    action: "settings.license",
    detail: { domains: license.domains.join(", "), user_limit: license.user_limit, expired_at: rfc3339(license.expired_at) },
  });
}
