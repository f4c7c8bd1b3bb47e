import type { FastifyRequest } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { configuredFrontendUrl } from "../../commands/frontend.js";
import { issueMetamaskNonce } from "../../commands/metamask.js";
import {
  deletePasskey,
  finishPasskeyRegistration,
  listPasskeys,
  loginWithPasskey,
  relyingPartyOf,
  startPasskeyAuthentication,
  startPasskeyRegistration,
  type RelyingParty,
} from "../../commands/passkeys.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";
import {
  metamaskNonceQuery,
  passkeyAuthFinishBody,
  passkeyAuthStartBody,
  passkeyParams,
  passkeyRegisterFinishBody,
  passkeyRegisterStartBody,
} from "./passkeySchema.js";

/**
 * MetaMask's nonce and the passkey routes (docs/API.md "MetaMask and passkeys"). Registering and
 * managing passkeys needs a member's session (guests have no account to keep); signing in with
 * one is anonymous. The `metamask` and `passkey` login credentials go through `/token/login`.
 */
export function passkeyTokenRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  const limiter = ctx.identity.limiter;

  const relyingParty = async (req: FastifyRequest): Promise<RelyingParty> =>
    relyingPartyOf(await configuredFrontendUrl(ctx), req.headers.origin, `${req.protocol}://${req.host}`);

  app.get("/token/metamask/nonce", { schema: { querystring: metamaskNonceQuery } }, async (req, reply) => {
    await limiter.enforce(reply, "login", req.ip);
    return sendJson(reply, await issueMetamaskNonce(ctx, req.query.public_address));
  });

  app.post("/token/passkey/register/start", { preValidation: guards.member, schema: { body: passkeyRegisterStartBody } }, async (req, reply) =>
    sendJson(reply, await startPasskeyRegistration(ctx, claimsOf(req).uid, req.body.name, await relyingParty(req))),
  );

  app.post("/token/passkey/register/finish", { preValidation: guards.member, schema: { body: passkeyRegisterFinishBody } }, async (req, reply) =>
    sendJson(reply, await finishPasskeyRegistration(ctx, claimsOf(req).uid, req.body, auditActorOf(req))),
  );

  app.post("/token/passkey/auth/start", { schema: { body: passkeyAuthStartBody } }, async (req, reply) => {
    await limiter.enforce(reply, "login", req.ip);
    return sendJson(reply, await startPasskeyAuthentication(ctx, await relyingParty(req)));
  });

  app.post("/token/passkey/auth/finish", { schema: { body: passkeyAuthFinishBody } }, async (req, reply) => {
    await limiter.enforce(reply, "login", req.ip);
    const body = req.body;
    return sendJson(reply, await loginWithPasskey(ctx, body.challenge_id, body.authentication, body.device ?? "unknown", body.device_token || null));
  });

  app.get("/token/passkey/list", { preValidation: guards.member }, async (req, reply) => sendJson(reply, await listPasskeys(ctx, claimsOf(req).uid)));

  app.delete("/token/passkey/:credential_id", { preValidation: guards.member, schema: { params: passkeyParams } }, answerEmpty((req) => deletePasskey(ctx, claimsOf(req).uid, req.params.credential_id, auditActorOf(req))));
}
