import type { FastifyInstance } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { loginWithPassword, logout, renewSession } from "../../commands/sessions.js";
import type { AppContext } from "../../context.js";
import { forbidden } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { loginBody, renewBody } from "./schema.js";

/** `/token/*`: login, renewal and logout (contract §2.3). */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post("/token/login", async (req, reply) => {
    const body = parse(loginBody, req.body);
    const device = body.device ?? "unknown";
    const deviceToken = body.device_token || null;
    const credential = body.credential;
    if (credential.type !== "password") throw forbidden("login method not supported");
    const c = credential as { email: string; password: string };
    return sendJson(reply, await loginWithPassword(ctx, c.email.trim(), c.password, device, deviceToken));
  });

  app.post("/token/renew", async (req, reply) => {
    const body = parse(renewBody, req.body);
    return sendJson(reply, await renewSession(ctx, body.token, body.refresh_token));
  });

  app.get("/token/logout", { preHandler: guards.user }, async (req, reply) => {
    await logout(ctx, claimsOf(req));
    return reply.send();
  });
}
