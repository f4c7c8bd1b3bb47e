import * as z from "zod";
import type { Guards } from "../../auth/guard.js";
import { DEFAULT_GITHUB_URL, loadGithubConfig, loadGoogleConfig, presentGithubConfig, saveGithubConfig, saveGoogleConfig } from "../../commands/idp/config.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";

const clientId = z.string().trim().max(512);
export const googleAuthBody = z.object({ client_id: clientId });
export const githubAuthBody = z.object({ client_id: clientId, client_secret: z.string().max(512) });

/**
 * Google's and GitHub's OAuth apps (docs/API.md "Third-party sign-in"). **Parley:** the full
 * configs are admin-only and the GitHub secret is masked (VoceChat 0.3 answered
 * `GET /admin/github_auth/config`, secret included, to anyone); the login page reads the
 * `public_config` routes.
 */
export function idpConfigRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/google_auth/public_config", async (_req, reply) => sendJson(reply, { client_id: (await loadGoogleConfig(ctx)).client_id }));

  // `authorize_url` (Parley): where the login page sends people, GitHub's or the one of `GITHUB_URL`.
  app.get("/admin/github_auth/public_config", async (_req, reply) =>
    sendJson(reply, {
      client_id: (await loadGithubConfig(ctx)).client_id,
      authorize_url: `${(ctx.config.githubUrl ?? DEFAULT_GITHUB_URL).replace(/\/$/, "")}/login/oauth/authorize`,
    }),
  );

  app.get("/admin/google_auth/config", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, await loadGoogleConfig(ctx)));

  app.post("/admin/google_auth/config", { preValidation: guards.admin, schema: { body: googleAuthBody } }, answerEmpty((req) => saveGoogleConfig(ctx, req.body, auditActorOf(req))));

  app.get("/admin/github_auth/config", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, presentGithubConfig(await loadGithubConfig(ctx))));

  app.post("/admin/github_auth/config", { preValidation: guards.admin, schema: { body: githubAuthBody } }, answerEmpty((req) => saveGithubConfig(ctx, req.body, auditActorOf(req))));
}
