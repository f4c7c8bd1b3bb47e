import type { Guards } from "../../auth/guard.js";
import { clearAllMessages, dataSummary, loadOrganization, updateOrganization, updateSystemCommon } from "../../commands/settings.js";
import type { AppContext } from "../../context.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { loadSystemCommon } from "../../repos/settings.js";
import { organizationBody, systemCommonPatch } from "./schema.js";
import { auditActorOf } from "../shared.js";

/** Server-wide settings: `/admin/system/common`, the organization, clearing all messages and what it would remove. */
export function settingsRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/system/common", { preValidation: guards.user }, async (_req, reply) =>
    sendJson(reply, await loadSystemCommon(ctx.repos.config)),
  );

  app.put("/admin/system/common", { preValidation: guards.admin, schema: { body: systemCommonPatch } }, async (req, reply) => {
    const patch = req.body;
    return sendJson(reply, await updateSystemCommon(ctx, patch, auditActorOf(req)));
  });

  app.get("/admin/system/organization", async (_req, reply) =>
    sendJson(reply, { ...(await loadOrganization(ctx)), server_id: ctx.keys.server_id }),
  );

  // The web client uses PUT for servers newer than 0.3.8 and POST before; both are accepted.
  for (const method of ["PUT", "POST"] as const) {
    app.route({
      method,
      url: "/admin/system/organization",
      preValidation: guards.admin,
      schema: { body: organizationBody },
      handler: async (req, reply) => {
        const body = req.body;
        await updateOrganization(ctx, { name: body.name, description: body.description?.trim() || null }, auditActorOf(req));
        return reply.send();
      },
    });
  }

  app.delete("/admin/system/message/clear", { preValidation: guards.admin }, async (req, reply) => {
    await clearAllMessages(ctx, auditActorOf(req));
    return reply.send();
  });

  app.get("/admin/system/data_summary", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, await dataSummary(ctx)));
}
