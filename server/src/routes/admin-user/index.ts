import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Guards } from "../../auth/guard.js";
import { createUser } from "../../commands/users.js";
import type { AppContext } from "../../context.js";
import { sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { presentAdminUser } from "../../presenters/users.js";

const createUserBody = z
  .object({
    email: z.email().max(254),
    password: z.string().max(128),
    name: z.string().trim().min(1).max(32),
    gender: z.number().int().min(0).max(1).nullish(),
    is_admin: z.boolean().nullish(),
    language: z.string().max(35).nullish(),
    webhook_url: z.url().max(2048).nullish(),
    is_bot: z.boolean().nullish(),
  })
  // Bots are created with an empty password (they authenticate with API keys); people need one.
  .refine((b) => b.is_bot || b.password.length >= 6, { message: "password must have at least 6 characters", path: ["password"] });

/** `/admin/user`: admins manage accounts (contract §3.7). */
export function adminUserRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post("/admin/user", { preHandler: guards.admin }, async (req, reply) => {
    const body = parse(createUserBody, req.body);
    const user = await createUser(ctx, {
      email: body.email,
      name: body.name,
      password: body.password || null,
      gender: body.gender ?? 0,
      language: body.language ?? "en-US",
      is_admin: body.is_admin ?? false,
      is_bot: body.is_bot ?? false,
      create_by: "password",
      webhook_url: body.webhook_url ?? null,
    });
    return sendJson(reply, presentAdminUser(user, []));
  });
}
