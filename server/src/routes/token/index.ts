import type { FastifyRequest } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { loginAsGuest } from "../../commands/guests.js";
import {
  credentialsOf,
  loginWithMagicLink,
  loginWithPassword,
  loginWithThirdParty,
  logout,
  renewSession,
} from "../../commands/sessions.js";
import { createThirdPartyKey } from "../../commands/thirdParty.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import { parse, type ZodApp } from "../../http/validate.js";
import { registrationRoutes } from "./registration.js";
import { idpTokenRoutes } from "./idp.js";
import { loginWithIdentity } from "../../commands/idp/signIn.js";
import { passkeyTokenRoutes } from "./passkeys.js";
import { loginWithMetamask } from "../../commands/metamask.js";
import { loginWithPasskey } from "../../commands/passkeys.js";
import { extraName, loginBody, renewBody, thirdPartyKeyBody } from "./schema.js";

/**
 * `/token/*`: sign-in with every credential, guests, renewal, logout, credentials, the third-party
 * bridge (docs/API.md "Authentication", "Identity").
 */
export function tokenRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  registrationRoutes(app, ctx);
  idpTokenRoutes(app, ctx, guards);
  passkeyTokenRoutes(app, ctx, guards);
  const limiter = ctx.identity.limiter;

  app.post("/token/login", { schema: { body: loginBody } }, async (req, reply) => {
    const body = req.body;
    const device = body.device ?? "unknown";
    const deviceToken = body.device_token || null;
    const credential = body.credential;
    switch (credential.type) {
      case "password": {
        const email = credential.email.trim();
        await limiter.enforce(reply, "login", req.ip, email);
        return sendJson(reply, await loginWithPassword(ctx, email, credential.password, device, deviceToken));
      }
      case "magiclink": {
        await limiter.enforce(reply, "login", req.ip);
        const name = credential.extra_name ? parse(extraName, credential.extra_name, "body.credential.extra_name") : null;
        return sendJson(reply, await loginWithMagicLink(ctx, credential.magic_token, name, device, deviceToken));
      }
      case "thirdparty":
        await limiter.enforce(reply, "login", req.ip);
        return sendJson(reply, await loginWithThirdParty(ctx, credential.key, device, deviceToken));
      case "metamask":
        await limiter.enforce(reply, "login", req.ip);
        return sendJson(reply, await loginWithMetamask(ctx, credential, device, deviceToken));
      case "passkey":
        await limiter.enforce(reply, "login", req.ip);
        return sendJson(reply, await loginWithPasskey(ctx, credential.challenge_id, credential.credential, device, deviceToken));
      case "google":
      case "github":
      case "oidc":
        await limiter.enforce(reply, "login", req.ip);
        return sendJson(reply, await loginWithIdentity(ctx, credential, device, deviceToken));
    }
  });

  app.get("/token/login_guest", async (req, reply) => {
    await limiter.enforce(reply, "guest", req.ip);
    return sendJson(reply, await loginAsGuest(ctx));
  });

  app.post("/token/renew", { schema: { body: renewBody } }, async (req, reply) => {
    const body = req.body;
    return sendJson(reply, await renewSession(ctx, body.token, body.refresh_token));
  });

  app.get("/token/logout", { preValidation: guards.user }, async (req, reply) => {
    await logout(ctx, claimsOf(req));
    return reply.send();
  });

  app.get("/token/credentials", { preValidation: guards.user }, async (req, reply) => sendJson(reply, await credentialsOf(ctx, claimsOf(req).uid)));

  // The bridge authenticates with `X-SECRET` only (a missing header is a 400, docs/API.md
  // "Authentication"), checked before the body.
  const secretOf = (req: FastifyRequest): string | undefined => {
    const header = req.headers["x-secret"];
    return Array.isArray(header) ? header[0] : header;
  };
  const requireSecret = async (req: FastifyRequest) => {
    if (!secretOf(req)) throw badRequest("failed to parse header `X-SECRET`");
  };
  app.post("/token/create_third_party_key", { preValidation: requireSecret, schema: { body: thirdPartyKeyBody } }, async (req, reply) =>
    sendJson(reply, await createThirdPartyKey(ctx, secretOf(req) as string, req.body)),
  );
}
