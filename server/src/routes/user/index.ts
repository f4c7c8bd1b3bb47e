import type { FastifyInstance } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { sendMessage } from "../../commands/messages.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { presentMessage } from "../../presenters/messages.js";
import { presentUserInfo } from "../../presenters/users.js";
import { dmPair } from "../../repos/messages.js";
import { historyQuery, outgoingContent, parseId } from "../shared.js";
import { accountRoutes } from "./account.js";
import { settingsRoutes } from "./settings.js";

/** `/user/*`: the directory, the caller, and direct messages. */
export function userRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  accountRoutes(app, ctx, guards);
  settingsRoutes(app, ctx, guards);

  app.get("/user/me", { preHandler: guards.user }, async (req, reply) => {
    const user = await ctx.repos.users.byId(claimsOf(req).uid);
    if (!user) throw notFound("no such user");
    return sendJson(reply, presentUserInfo(user));
  });

  // VoceChat serves the directory without auth; Parley requires a session so
  // e-mail addresses are not readable by anonymous visitors. The wire shape is unchanged.
  app.get("/user", { preHandler: guards.user }, async (_req, reply) => {
    const users = await ctx.repos.users.listMembers();
    return sendJson(reply, users.map(presentUserInfo));
  });

  app.get<{ Params: { uid: string } }>("/user/:uid", { preHandler: guards.user }, async (req, reply) => {
    const user = await ctx.repos.users.byId(parseId(req.params.uid, "uid"));
    if (!user || user.create_by === "guest") throw notFound("no such user");
    return sendJson(reply, presentUserInfo(user));
  });

  app.post<{ Params: { uid: string } }>("/user/:uid/send", { preHandler: guards.member }, async (req, reply) => {
    const uid = parseId(req.params.uid, "uid");
    const row = await sendMessage(ctx, claimsOf(req), { uid }, outgoingContent(req));
    return sendJson(reply, row.mid);
  });

  app.get<{ Params: { uid: string } }>("/user/:uid/history", { preHandler: guards.user }, async (req, reply) => {
    const peer = parseId(req.params.uid, "uid");
    const q = parse(historyQuery, req.query, "query");
    const rows = await ctx.repos.messages.history({ dm: dmPair(claimsOf(req).uid, peer) }, q.before ?? null, q.limit);
    return sendJson(reply, rows.map(presentMessage));
  });
}
