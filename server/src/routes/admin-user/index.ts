import { claimsOf, type Guards } from "../../auth/guard.js";
import { adminCreateUser, adminDeleteUser, adminUpdateUser, getAdminUser, listAdminUsers, type AdminUserPatch } from "../../commands/adminUsers.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../http/errors.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf, uidParams } from "../shared.js";
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
    const uid = req.params.uid;
    const body = req.body;
    const patch: AdminUserPatch = {
      email: body.email ?? undefined,
      password: body.password ?? undefined,
      name: body.name ?? undefined,
      gender: body.gender ?? undefined,
      is_admin: body.is_admin ?? undefined,
      language: body.language ?? undefined,
      status: body.status ?? undefined,
      webhook_url: body.webhook_url == null ? undefined : body.webhook_url || null,
      is_public: body.is_public ?? undefined,
    };
    if (Object.values(patch).every((v) => v === undefined)) throw badRequest("nothing to update");
    return sendJson(reply, await adminUpdateUser(ctx, claimsOf(req), uid, patch, auditActorOf(req)));
  });

  app.delete("/admin/user/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) => {
    await adminDeleteUser(ctx, claimsOf(req), req.params.uid, auditActorOf(req));
    return sendEmpty(reply);
  });
}
