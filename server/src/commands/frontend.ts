import type { AppContext } from "../context.js";
import { setConfigAudited, type AuditActor } from "./audit.js";
import { badRequest } from "../http/errors.js";

/** The dynamic config key the invite links (`routes/group/links.ts`) and every e-mailed link read. */
export const FRONTEND_URL_KEY = "frontend_url";

/**
 * `POST /admin/system/update_frontend_url`: a scheme, a host and an optional port, nothing else
 * (docs/API.md "Identity").
 */
const FRONTEND_URL = /^https?:\/\/[\w\-.]+(:\d+)?$/;

/** The frontend URL an admin configured, without a trailing slash, or null. */
export async function configuredFrontendUrl(ctx: AppContext): Promise<string | null> {
  const value = await ctx.repos.config.get<unknown>(FRONTEND_URL_KEY);
  return typeof value === "string" && FRONTEND_URL.test(value) ? value : null;
}

/** Stores the web client's address: trailing slashes trimmed; 400 `Bad url format!` otherwise. */
export async function updateFrontendUrl(ctx: AppContext, raw: string, audit: AuditActor): Promise<string> {
  const url = raw.trim().replace(/\/+$/, "");
  if (!FRONTEND_URL.test(url)) throw badRequest("Bad url format!");
  await setConfigAudited(ctx, FRONTEND_URL_KEY, url, audit, { action: "settings.frontend_url", detail: { url } });
  return url;
}

/** The origin of a request in the same form, for the first SMTP setup (see `commands/mail.ts`). */
export function asFrontendUrl(origin: string): string | null {
  const url = origin.trim().replace(/\/+$/, "");
  return FRONTEND_URL.test(url) ? url : null;
}
