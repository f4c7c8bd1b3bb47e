import type { FastifyRequest } from "fastify";
import { confirmEmailLogin, pollEmailLogin, startEmailLogin } from "../../commands/widgetMail.js";
import { confirmPage } from "../../widget/confirmPage.js";
import { HttpError } from "../../http/errors.js";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { createVisitor, updateWidgetSettings, visitorHistory, visitorMessagesAfter, widgetPublicConfig, type WidgetAccount } from "../../commands/widget.js";
import type { AppContext } from "../../context.js";
import { forbidden } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import type { UserRow } from "../../repos/users.js";
import { loadWidgetSettings } from "../../widget/settings.js";
import { WidgetSink, widgetStreams } from "../../widget/stream.js";
import { isWidgetDevice, visitorPolicy, WIDGET_DEVICE } from "../../policies/widget.js";
import { configuredFrontendUrl } from "../../commands/frontend.js";
import { finishWidgetOAuth, startWidgetOAuth, widgetPasswordLogin } from "../../commands/widgetSignIn.js";
import { auditActorOf } from "../shared.js";
import { confirmQuery, emailLoginBody, eventsQuery, hostQuery, messagesQuery, oauthFinishBody, oauthStartBody, passwordLoginBody, pollBody, visitorBody, widgetSettingsBody } from "./schema.js";

/** The widget session's account and host; 403 for any other session (these routes are the widget's). */
async function visitorOf(ctx: AppContext, req: FastifyRequest): Promise<WidgetAccount> {
  const claims = claimsOf(req);
  const user = isWidgetDevice(claims.device) ? await ctx.repos.users.byId(claims.uid) : undefined;
  const host = user ? visitorPolicy.hostOf(user, claims.device) : null;
  if (!user || host === null) throw forbidden("for widget visitors only");
  return { user, host };
}

/** The anonymous visitor whose session (if any) makes an unguarded request: a sign-in it starts takes its conversation along. */
async function anonymousVisitorOf(ctx: AppContext, req: FastifyRequest): Promise<UserRow | null> {
  const header = req.headers["x-api-key"];
  const claims = typeof header === "string" ? await ctx.tokens.verifyAccess(header) : null;
  return claims?.device === WIDGET_DEVICE ? ((await ctx.repos.users.byId(claims.uid)) ?? null) : null;
}

/** This server's origin as the browser names it: where the popup's callback page lives when no frontend URL is set. */
const ownOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * The embeddable widget (docs/API.md "Widget"): its public look, visitor accounts, the visitor's
 * conversation and event stream, and the admin's settings. Cross-origin calls are answered only
 * for the origins the admin lists (`widget/cors.ts`).
 */
export function widgetRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/widget/config", { schema: { querystring: hostQuery } }, async (req, reply) => {
    return sendJson(reply.header("Cache-Control", "no-cache"), await widgetPublicConfig(ctx, req.query.host_id));
  });

  app.post("/widget/visitor", { schema: { body: visitorBody } }, async (req, reply) => {
    await ctx.identity.limiter.enforce(reply, "widgetVisitor", req.ip);
    return sendJson(reply, await createVisitor(ctx, req.body.host_id));
  });

  app.get("/widget/messages", { preValidation: guards.user, schema: { querystring: messagesQuery } }, async (req, reply) => {
    const visitor = await visitorOf(ctx, req);
    return sendJson(reply, await visitorHistory(ctx, visitor, req.query.limit));
  });

  // The visitor's own stream: its conversation's `chat` events after `after_mid`, then live.
  app.get("/widget/events", { preValidation: guards.user, schema: { querystring: eventsQuery } }, async (req, reply) => {
    const visitor = await visitorOf(ctx, req);
    const headers = { ...reply.getHeaders(), "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" };
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, headers as Record<string, string>);
    res.write(": ok\n\n");
    const sink = new WidgetSink(res, visitor.host, claimsOf(req).device);
    // Registered before the backlog is read, so nothing sent meanwhile is lost (`WidgetSink`).
    widgetStreams(ctx).add(visitor.user.uid, sink);
    try {
      const backlog = await visitorMessagesAfter(ctx, visitor, req.query.after_mid);
      for (const m of backlog) res.write(`data: ${JSON.stringify({ type: "chat", ...m })}\n\n`);
      sink.live(backlog.at(-1)?.mid ?? req.query.after_mid);
    } catch (err) {
      req.log.error({ err }, "widget backlog failed");
      res.end();
    }
  });

  // ---- signing in by e-mail (a device flow: the widget polls until the mailed link is opened)
  app.post("/widget/email_login", { schema: { body: emailLoginBody } }, async (req, reply) => {
    await ctx.identity.limiter.enforce(reply, "magicLink", req.ip, req.body.email);
    // The visitor asking, when it has a session: a new address goes to it, with its conversation.
    const current = await anonymousVisitorOf(ctx, req);
    return sendJson(reply, await startEmailLogin(ctx, req.body.host_id, req.body.email, current, req.body.language ?? null));
  });

  app.get("/widget/email_login/confirm", { schema: { querystring: confirmQuery } }, async (req, reply) => {
    let failure: string | null = null;
    try {
      await confirmEmailLogin(ctx, req.query.token);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      failure = err.message;
      reply.code(err.status);
    }
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'").send(confirmPage(req.headers["accept-language"], failure));
  });

  app.post("/widget/email_login/poll", { schema: { body: pollBody } }, async (req, reply) => {
    const session = await pollEmailLogin(ctx, req.body.poll_token);
    return session ? sendJson(reply, session) : reply.code(204).send();
  });

  // ---- signing in with the server's other methods (docs/API.md "Widget")
  app.post("/widget/login", { schema: { body: passwordLoginBody } }, async (req, reply) => {
    await ctx.identity.limiter.enforce(reply, "login", req.ip, req.body.email);
    return sendJson(reply, await widgetPasswordLogin(ctx, req.body.host_id, req.body.email, req.body.password));
  });

  app.post("/widget/oauth", { schema: { body: oauthStartBody } }, async (req, reply) => {
    await ctx.identity.limiter.enforce(reply, "login", req.ip);
    const current = await anonymousVisitorOf(ctx, req);
    const base = (await configuredFrontendUrl(ctx)) ?? ownOrigin(req);
    const origin = typeof req.headers.origin === "string" && req.headers.origin !== ownOrigin(req) ? req.headers.origin : null;
    return sendJson(reply, await startWidgetOAuth(ctx, req.body, base, origin, current));
  });

  // Called by the popup's callback page on this server's own origin (no CORS).
  app.post("/widget/oauth/finish", { schema: { body: oauthFinishBody } }, async (req, reply) => {
    await ctx.identity.limiter.enforce(reply, "login", req.ip);
    return sendJson(reply, await finishWidgetOAuth(ctx, req.body));
  });

  app.get("/admin/widget/config", { preValidation: guards.admin }, async (_req, reply) => {
    return sendJson(reply, await loadWidgetSettings(ctx));
  });

  app.put("/admin/widget/config", { preValidation: guards.admin, schema: { body: widgetSettingsBody } }, async (req, reply) => {
    return sendJson(reply, await updateWidgetSettings(ctx, req.body, auditActorOf(req)));
  });
}
