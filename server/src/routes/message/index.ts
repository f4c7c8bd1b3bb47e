import { QUICK_REACTIONS } from "@parley/protocol";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { deleteMessage, deleteMessages, editMessage, likeMessage, replyToMessage } from "../../commands/messages.js";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { groupPolicy } from "../../policies/groups.js";
import { presentCurrentMessage } from "../../presenters/messages.js";
import { dmPair, searchMessages, type SearchScope } from "../../repos/messages.js";
import { MESSAGE_BODY, midParams, outgoingContent } from "../shared.js";
import { bulkParams, likeBody, searchQuery } from "./schema.js";

const QUICK: ReadonlySet<string> = new Set(QUICK_REACTIONS);

/**
 * `/message/*` (docs/API.md "Messages"): every operation stores a new message (a new mid from the
 * one sequence) that references the original and answers that mid as a bare JSON number. Plus
 * Parley's full-text search.
 */
export function messageRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.put("/message/:mid/edit", { preValidation: guards.member, schema: { params: midParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    const mid = req.params.mid;
    const row = await editMessage(ctx, claimsOf(req), mid, outgoingContent(req));
    return sendJson(reply, row.mid);
  });

  app.put("/message/:mid/like", { preValidation: guards.member, schema: { params: midParams, body: likeBody } }, async (req, reply) => {
    const mid = req.params.mid;
    const { action } = req.body;
    if (!QUICK.has(action)) throw badRequest("action must be one of the quick reactions");
    const row = await likeMessage(ctx, claimsOf(req), mid, action);
    return sendJson(reply, row.mid);
  });

  app.delete("/message/:mid", { preValidation: guards.member, schema: { params: midParams } }, async (req, reply) => {
    const mid = req.params.mid;
    const row = await deleteMessage(ctx, claimsOf(req), mid);
    return sendJson(reply, row.mid);
  });

  // Answers how many messages were deleted (each announced by its own delete reaction). A
  // wildcard, not a `:param`: the router caps named parameters at 100 characters (414).
  app.delete("/message/bulk/*", { preValidation: guards.member, schema: { params: bulkParams } }, async (req, reply) => {
    const mids = req.params["*"];
    return sendJson(reply, await deleteMessages(ctx, claimsOf(req), mids));
  });

  app.post("/message/:mid/reply", { preValidation: guards.member, schema: { params: midParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    const mid = req.params.mid;
    const row = await replyToMessage(ctx, claimsOf(req), mid, outgoingContent(req));
    return sendJson(reply, row.mid);
  });

  app.get("/message/search", { preValidation: guards.user, schema: { querystring: searchQuery } }, async (req, reply) => {
    const claims = claimsOf(req);
    const q = req.query;
    let scope: SearchScope;
    if (q.gid !== undefined) {
      const group = await ctx.repos.groups.byId(q.gid);
      if (!group || !groupPolicy.canView(claims, group)) throw notFound("no such channel");
      if (!groupPolicy.canRead(claims, group)) throw forbidden("not a member of this channel");
      scope = { gid: q.gid };
    } else if (q.uid !== undefined) {
      const user = await ctx.repos.users.byId(q.uid);
      if (!user || user.create_by === "guest") throw notFound("no such user");
      scope = { dm: dmPair(claims.uid, q.uid) };
    } else {
      scope = { reader: claims.uid, gids: await ctx.repos.groups.visibleIds(claims.uid) };
    }
    const rows = await searchMessages(ctx.db, ctx.dialect, { keyword: q.keyword, scope, before: q.before ?? null, limit: q.limit });
    return sendJson(reply, rows.map(presentCurrentMessage));
  });
}
