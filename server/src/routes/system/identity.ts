import type { Guards } from "../../auth/guard.js";
import { updateFrontendUrl } from "../../commands/frontend.js";
import { loadSmtpConfig, presentSmtpConfig, saveSmtpConfig, sendTestMail, smtpReady } from "../../commands/mail.js";
import { regenerateThirdPartySecret, thirdPartySecret } from "../../commands/thirdParty.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../http/errors.js";
import { answerEmpty, sendEmpty, sendJson, sendText } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { frontendUrl } from "../group/links.js";
import { FRONTEND_URL_BODY, sendMailBody, smtpConfigBody } from "./identitySchema.js";
import { auditActorOf } from "../shared.js";

/**
 * Server identity settings (docs/API.md "Identity"): SMTP, the test mail, the third-party secret
 * and the frontend URL that every e-mailed link starts with.
 */
export function identitySystemRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  // Public: the login page shows the e-mail link only when mail can go out.
  app.get("/admin/smtp/enabled", async (_req, reply) => sendJson(reply, smtpReady(await loadSmtpConfig(ctx))));

  app.get("/admin/smtp/config", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, presentSmtpConfig(await loadSmtpConfig(ctx))));

  app.post("/admin/smtp/config", { preValidation: guards.admin, schema: { body: smtpConfigBody } }, async (req, reply) => {
    const body = req.body;
    await saveSmtpConfig(ctx, { ...body, port: body.port ?? 465 }, await frontendUrl(ctx, req), auditActorOf(req));
    return sendEmpty(reply);
  });

  app.post("/admin/system/send_mail", { preValidation: guards.admin, schema: { body: sendMailBody } }, answerEmpty((req) => sendTestMail(ctx, req.body)));

  app.get("/admin/system/third_party_secret", { preValidation: guards.admin }, async (_req, reply) => sendText(reply, await thirdPartySecret(ctx)));

  app.post("/admin/system/third_party_secret", { preValidation: guards.admin }, async (req, reply) =>
    sendText(reply, await regenerateThirdPartySecret(ctx, auditActorOf(req))),
  );

  app.get("/admin/system/frontend_url", { preValidation: guards.admin }, async (req, reply) => sendText(reply, await frontendUrl(ctx, req)));

  // text/plain body (a JSON string is accepted too).
  app.post("/admin/system/update_frontend_url", { preValidation: guards.admin, config: { rawBody: FRONTEND_URL_BODY } }, async (req, reply) => {
    if (typeof req.body !== "string") throw badRequest("Bad url format!");
    await updateFrontendUrl(ctx, req.body, auditActorOf(req));
    return sendEmpty(reply);
  });
}
