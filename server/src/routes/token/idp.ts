import { claimsOf, type Guards } from "../../auth/guard.js";
import { authorizeOidc, bindIdentity, listIdentities, unbindIdentity } from "../../commands/idp/signIn.js";
import { bindMetamask } from "../../commands/metamask.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";
import { bindBody, openIdAuthorizeBody, unbindBody } from "./schema.js";

/**
 * Third-party sign-in beside `/token/login` (docs/API.md "Third-party sign-in"): the OIDC
 * authorization URL, and linking identities to the signed-in account.
 */
export function idpTokenRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  const limiter = ctx.identity.limiter;

  app.post("/token/openid/authorize", { schema: { body: openIdAuthorizeBody } }, async (req, reply) => {
    await limiter.enforce(reply, "login", req.ip);
    return sendJson(reply, { url: await authorizeOidc(ctx, req.body.issuer, req.body.redirect_uri) });
  });

  app.post("/token/bind", { preValidation: guards.member, schema: { body: bindBody } }, async (req, reply) => {
    await limiter.enforce(reply, "login", req.ip);
    const credential = req.body.credential;
    // A wallet is linked by its signed nonce (docs/API.md "MetaMask and passkeys").
    if (credential.type === "metamask") await bindMetamask(ctx, claimsOf(req).uid, credential, auditActorOf(req));
    else await bindIdentity(ctx, claimsOf(req).uid, credential, auditActorOf(req));
    return sendEmpty(reply);
  });

  app.post("/token/unbind", { preValidation: guards.member, schema: { body: unbindBody } }, answerEmpty((req) => unbindIdentity(ctx, claimsOf(req).uid, req.body, auditActorOf(req))));

  app.get("/token/identities", { preValidation: guards.member }, async (req, reply) => sendJson(reply, await listIdentities(ctx, claimsOf(req).uid)));
}
