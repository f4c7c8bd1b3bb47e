import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";

const CONFIGURED = /^https?:\/\/[^\s?#]+$/;
const HOST = /^(?:[A-Za-z0-9\-.]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The address of the web client that invite links point to (docs/API.md "Invite links"): the
 * dynamic config value `frontend_url` when an admin set one, else this request's origin as the
 * client sees it (`X-Forwarded-Proto` / `X-Forwarded-Host` behind a proxy, else the scheme and
 * `Host`). No trailing slash.
 */
export async function frontendUrl(ctx: AppContext, req: FastifyRequest): Promise<string> {
  const configured = await ctx.repos.config.get<unknown>("frontend_url");
  if (typeof configured === "string" && CONFIGURED.test(configured)) return configured.replace(/\/+$/, "");
  const host = HOST.test(req.host) ? req.host : "localhost";
  const proto = req.protocol === "https" ? "https" : "http";
  return `${proto}://${host}`;
}

/** The sign-up invitation link: `{frontend_url}/?magic_token=<t>#/register`. */
export const registerLink = (base: string, token: string): string => `${base}/?magic_token=${encodeURIComponent(token)}#/register`;

/** The private-channel invitation link: `{frontend_url}/#/invite_private/{gid}?magic_token=<t>`. */
export const privateInviteLink = (base: string, gid: number, token: string): string =>
  `${base}/#/invite_private/${gid}?magic_token=${encodeURIComponent(token)}`;
