import { claimsOf, type Guards } from "../../auth/guard.js";
import { adminCreateUser, adminDeleteUser, adminUpdateUser, getAdminUser, listAdminUsers, type AdminUserPatch } from "../../commands/adminUsers.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf, patchOf, uidParams } from "../shared.js";
import { createUserBody, updateUserBody } from "./schema.js";

/** `/admin/user`: admins manage accounts (docs/API.md "Identity"). Every route is `T+admin`. */
export function adminUserRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/user", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, await listAdminUsers(ctx)));

  app.post("/admin/user", { preValidation: guards.admin, schema: { body: createUserBody } }, async (req, reply) => {
    const body = req.body;
    const user = await adminCreateUser(ctx, {
      email: body.email,
      name: body.name,
      password: body.password || null,
      gender: body.gender ?? 0,
      language: body.language ?? "en-US",
      is_admin: body.is_admin ?? false,
      is_bot: body.is_bot ?? false,
      create_by: "password",
      webhook_url: body.webhook_url ?? null,
      is_public: body.is_public ?? false,
    }, auditActorOf(req));
    return sendJson(reply, user);
  });

  app.get("/admin/user/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) =>
    sendJson(reply, await getAdminUser(ctx, req.params.uid)),
  );

  app.put("/admin/user/:uid", { preValidation: guards.admin, schema: { params: uidParams, body: updateUserBody } }, async (req, reply) => {
    const patch = patchOf(req.body);
    // "" clears the webhook.
    const update: AdminUserPatch = { ...patch, webhook_url: patch.webhook_url === "" ? null : patch.webhook_url };
    return sendJson(reply, await adminUpdateUser(ctx, claimsOf(req), req.params.uid, update, auditActorOf(req)));
  });

  app.delete("/admin/user/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, answerEmpty((req) => adminDeleteUser(ctx, claimsOf(req), req.params.uid, auditActorOf(req))));
}
