import { claimsOf, type Guards } from "../../auth/guard.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { presentOwnUserInfo, presentUserInfo } from "../../presenters/users.js";
import { dmPair } from "../../repos/messages.js";
import { listedFor, listsUser } from "../../widget/directory.js";
import { answerHistory, historyQuery, MESSAGE_BODY, sendAndAnswerMid, uidParams } from "../shared.js";
import { accountRoutes } from "./account.js";
import { settingsRoutes } from "./settings.js";

/** `/user/*`: the directory, the caller, and direct messages. */
export function userRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  accountRoutes(app, ctx, guards);
  settingsRoutes(app, ctx, guards);

  app.get("/user/me", { preValidation: guards.user }, async (req, reply) => {
    const user = await ctx.repos.users.byId(claimsOf(req).uid);
    if (!user) throw notFound("no such user");
    return sendJson(reply, presentOwnUserInfo(user));
  });

  // VoceChat serves the directory without auth; Parley requires a session so
  // e-mail addresses are not readable by anonymous visitors. The wire shape is unchanged.
  // Widget visitors are listed only for admins, their host and the members they talk with (docs/API.md "Widget").
  app.get("/user", { preValidation: guards.user }, async (req, reply) => {
    const users = await listedFor(ctx, claimsOf(req), await ctx.repos.users.listMembers());
    return sendJson(reply, users.map(presentUserInfo));
  });

  app.get("/user/:uid", { preValidation: guards.user, schema: { params: uidParams } }, async (req, reply) => {
    const user = await ctx.repos.users.byId(req.params.uid);
    if (!user || !(await listsUser(ctx, claimsOf(req), user))) throw notFound("no such user");
    return sendJson(reply, presentUserInfo(user));
  });

  app.post("/user/:uid/send", { preValidation: guards.member, schema: { params: uidParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    return sendAndAnswerMid(ctx, req, reply, { uid: req.params.uid });
  });

  app.get("/user/:uid/history", { preValidation: guards.user, schema: { params: uidParams, querystring: historyQuery } }, async (req, reply) => {
    return answerHistory(ctx, reply, { dm: dmPair(claimsOf(req).uid, req.params.uid) }, req.query);
  });
}
