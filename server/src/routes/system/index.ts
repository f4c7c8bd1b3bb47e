import { SERVER_VERSION } from "@parley/protocol";
import type { Guards } from "../../auth/guard.js";
import { createUser } from "../../commands/users.js";
import { loadLoginConfig } from "../../commands/sessions.js";
import type { AppContext } from "../../context.js";
import { auditActorOf } from "../shared.js";
import { sendJson, sendText } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { presentUserInfo } from "../../presenters/users.js";
import { createAdminBody, loginConfigBody } from "./schema.js";
import { identitySystemRoutes } from "./identity.js";
import { settingsRoutes } from "./settings.js";
import { idpConfigRoutes } from "./idpConfig.js";
import { metricsRoutes } from "./metrics.js";
import { presentLoginConfig, saveLoginConfig } from "../../commands/idp/config.js";

/** Server identity and first-run setup: `/admin/system/*` public routes and `/admin/login/config`. */
export function systemRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  settingsRoutes(app, ctx, guards);
  identitySystemRoutes(app, ctx, guards);
  idpConfigRoutes(app, ctx, guards);
  metricsRoutes(app, ctx, guards);
  app.get("/admin/system/initialized", async (_req, reply) => sendJson(reply, (await ctx.repos.users.count()) > 0));

  app.get("/admin/system/version", async (_req, reply) => sendText(reply, SERVER_VERSION));

  app.post("/admin/system/create_admin", { schema: { body: createAdminBody } }, async (req, reply) => {
    const body = req.body;
    const user = await createUser(
      ctx,
      {
        email: body.email,
        name: body.name,
        password: body.password,
        gender: body.gender ?? 0,
        language: "en-US",
        is_admin: true,
        is_bot: false,
        create_by: "password",
      },
      {
        onlyIfEmpty: true,
        audit: (created) => ({
          actor: { uid: created.uid, ip: req.ip },
          record: { action: "admin.created", target_uid: created.uid, detail: { name: created.name, email: created.email } },
        }),
      },
    );
    return sendJson(reply, presentUserInfo(user));
  });

  // Public (the login page reads it): the OIDC client secrets masked.
  app.get("/admin/login/config", async (_req, reply) => sendJson(reply, presentLoginConfig(await loadLoginConfig(ctx))));

  app.post("/admin/login/config", { preValidation: guards.admin, schema: { body: loginConfigBody } }, async (req, reply) => {
    await saveLoginConfig(ctx, req.body, auditActorOf(req));
    return reply.send();
  });
}
