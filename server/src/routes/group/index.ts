import type { FastifyInstance } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { createGroup } from "../../commands/groups.js";
import { sendMessage } from "../../commands/messages.js";
import type { AppContext } from "../../context.js";
import { forbidden, notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { groupPolicy } from "../../policies/groups.js";
import { presentGroup } from "../../presenters/groups.js";
import { presentMessage } from "../../presenters/messages.js";
import { historyQuery, outgoingContent, parseId } from "../shared.js";
import { createGroupBody, listGroupsQuery } from "./schema.js";

/** `/group/*`: channels, their messages and history (contract §3.3). */
export function groupRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post("/group", { preHandler: guards.member }, async (req, reply) => {
    const body = parse(createGroupBody, req.body);
    const row = await createGroup(ctx, claimsOf(req), {
      name: body.name,
      description: body.description?.trim() || null,
      members: body.members ?? [],
      is_public: body.is_public ?? false,
    });
    return sendJson(reply, { gid: row.gid, created_at: row.created_at });
  });

  app.get("/group", { preHandler: guards.user }, async (req, reply) => {
    const q = parse(listGroupsQuery, req.query, "query");
    const groups = await ctx.repos.groups.visibleTo(claimsOf(req).uid, q.public_only === "true");
    return sendJson(reply, groups.map(presentGroup));
  });

  // VoceChat answers this without auth (contract §13); Parley still serves a public channel's
  // card anonymously (invite pages need it) but hides private channels from non-members.
  app.get<{ Params: { gid: string } }>("/group/:gid", async (req, reply) => {
    const group = await ctx.repos.groups.byId(parseId(req.params.gid, "gid"));
    if (!group) throw notFound("no such channel");
    if (!group.row.is_public) {
      const header = req.headers["x-api-key"];
      const claims = typeof header === "string" ? await ctx.tokens.verifyAccess(header) : null;
      if (!claims || !groupPolicy.canView(claims, group)) throw notFound("no such channel");
    }
    return sendJson(reply, presentGroup(group));
  });

  app.post<{ Params: { gid: string } }>("/group/:gid/send", { preHandler: guards.member }, async (req, reply) => {
    const gid = parseId(req.params.gid, "gid");
    const row = await sendMessage(ctx, claimsOf(req), { gid }, outgoingContent(req));
    return sendJson(reply, row.mid);
  });

  app.get<{ Params: { gid: string } }>("/group/:gid/history", { preHandler: guards.user }, async (req, reply) => {
    const gid = parseId(req.params.gid, "gid");
    const q = parse(historyQuery, req.query, "query");
    const group = await ctx.repos.groups.byId(gid);
    if (!group) throw notFound("no such channel");
    if (!groupPolicy.canRead(claimsOf(req), group)) throw forbidden("not a member of this channel");
    const rows = await ctx.repos.messages.history({ gid }, q.before ?? null, q.limit);
    return sendJson(reply, rows.map(presentMessage));
  });
}
