import type { Guards } from "../../auth/guard.js";
import { checkLicense, currentLicense, installLicense } from "../../commands/license.js";
import type { AppContext } from "../../context.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";
import { licenseBody } from "./schema.js";

/**
 * `/license` (docs/API.md "License"): anyone signed in reads the license (the VoceChat web client
 * does after every sign-in); only an admin checks or installs one (**fix**: VoceChat let any
 * signed-in user install a license on a server that had none, and check needed no sign-in).
 */
export function licenseRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/license", { preValidation: guards.user }, async (req, reply) => sendJson(reply, await currentLicense(ctx, req.hostname)));

  app.post("/license/check", { preValidation: guards.admin, schema: { body: licenseBody } }, async (req, reply) =>
    sendJson(reply, await checkLicense(ctx, req.body.license, req.hostname)),
  );

  app.put("/license", { preValidation: guards.admin, schema: { body: licenseBody } }, async (req, reply) => {
    const actor = auditActorOf(req);
    await installLicense(ctx, req.body.license, req.hostname, { ...actor, uid: actor.uid as number });
    return sendJson(reply, true);
  });
}
