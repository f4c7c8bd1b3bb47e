import type { FastifyRequest } from "fastify";
import type { TokenClaims } from "../../auth/tokens.js";
import {
  LOGIN_LINK_SENT,
  isEmailAvailable,
  isMagicTokenValid,
  register,
  sendLoginMagicLink,
  sendRegMagicLink,
} from "../../commands/registration.js";
import type { AppContext } from "../../context.js";
import { sendJson, sendText } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { emailQuery, magicTokenBody, registerBody, sendRegMagicLinkBody } from "./schema.js";

const acceptLanguage = (req: FastifyRequest): string | null => {
  const value = req.headers["accept-language"];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * Sign-up and e-mail links (docs/API.md "Identity"): `register`, `check_email`,
 * `check_magic_token`, `send_reg_magic_link`, `send_login_magic_link`. All are anonymous; the
 * mailing ones and registration are rate-limited per client address and per e-mail address (429).
 */
export function registrationRoutes(app: ZodApp, ctx: AppContext): void {
  const limiter = ctx.identity.limiter;

  app.post("/user/register", { schema: { body: registerBody } }, async (req, reply) => {
    const body = req.body;
    await limiter.enforce(reply, "register", req.ip, body.email);
    const response = await register(ctx, {
      magic_token: body.magic_token || null,
      email: body.email ?? null,
      password: body.password ?? null,
      name: body.name ?? null,
      gender: body.gender ?? 0,
      language: body.language ?? "en-US",
      device: body.device ?? "unknown",
      device_token: body.device_token || null,
    });
    return sendJson(reply, response);
  });

  app.get("/user/check_email", { schema: { querystring: emailQuery } }, async (req, reply) => {
    const { email } = req.query;
    await limiter.enforce(reply, "checkEmail", req.ip, email);
    return sendJson(reply, await isEmailAvailable(ctx, email));
  });

  app.post("/user/check_magic_token", { schema: { body: magicTokenBody } }, async (req, reply) => {
    const body = req.body;
    return sendJson(reply, body.magic_token ? await isMagicTokenValid(ctx, body.magic_token) : false);
  });

  app.post("/user/send_reg_magic_link", { schema: { body: sendRegMagicLinkBody } }, async (req, reply) => {
    const body = req.body;
    await limiter.enforce(reply, "magicLink", req.ip, body.email);
    return sendJson(reply, await sendRegMagicLink(ctx, { ...body, language: acceptLanguage(req) }));
  });

  // Anonymous, as in VoceChat; a member's `X-API-Key` makes it an invitation by e-mail (see the command).
  app.post("/user/send_login_magic_link", { schema: { querystring: emailQuery } }, async (req, reply) => {
    const { email } = req.query;
    await limiter.enforce(reply, "magicLink", req.ip, email);
    const header = req.headers["x-api-key"];
    const key = Array.isArray(header) ? header[0] : header;
    const inviter: TokenClaims | null = key ? await ctx.tokens.verifyAccess(key) : null;
    await sendLoginMagicLink(ctx, email, acceptLanguage(req), inviter);
    return sendText(reply, LOGIN_LINK_SENT);
  });
}
