import type { FastifyInstance } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { createFavorite, deleteFavorite, favoriteAttachment } from "../../commands/favorites.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { sendAttachment } from "../archive/attachment.js";
import { midListBody } from "../archive/schema.js";
import { attachmentParams, attachmentQuery, favoriteId } from "./schema.js";

/**
 * `/favorite/*` (docs/API.md "Favorites"): a user's saved messages, each an `Archive` snapshot only
 * its owner sees.
 */
export function favoriteRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post("/favorite", { preHandler: guards.member }, async (req, reply) => {
    const { mid_list } = parse(midListBody, req.body);
    return sendJson(reply, await createFavorite(ctx, claimsOf(req), mid_list));
  });

  app.get("/favorite", { preHandler: guards.user }, async (req, reply) => {
    return sendJson(reply, await ctx.repos.favorites.listOf(claimsOf(req).uid));
  });

  app.get<{ Params: { id: string } }>("/favorite/:id", { preHandler: guards.user }, async (req, reply) => {
    const id = parse(favoriteId, req.params.id, "id");
    const row = await ctx.repos.favorites.byId(claimsOf(req).uid, id);
    if (!row) throw notFound("no such favorite");
    // A snapshot never changes; `private` because it is one user's (VoceChat says `public`).
    return reply.header("Cache-Control", "private, max-age=31536000").type("application/json; charset=utf-8").send(row.body);
  });

  app.delete<{ Params: { id: string } }>("/favorite/:id", { preHandler: guards.member }, async (req, reply) => {
    const id = parse(favoriteId, req.params.id, "id");
    await deleteFavorite(ctx, claimsOf(req), id);
    return sendEmpty(reply);
  });

  // No session, as in VoceChat: clients load a favorite's pictures and files by
  // URL without headers. The favorite id is a random UUID v4 known only to its owner's sessions,
  // so the URL cannot be guessed; `private` keeps shared caches from keeping a copy.
  app.get<{ Params: { uid: string; id: string; attachment_id: string } }>("/favorite/attachment/:uid/:id/:attachment_id", async (req, reply) => {
    const p = parse(attachmentParams, req.params, "path");
    const { download } = parse(attachmentQuery, req.query, "query");
    const attachment = await favoriteAttachment(ctx, p.uid, p.id, p.attachment_id);
    return sendAttachment(req, reply, ctx, attachment, { download, cacheControl: "private, max-age=31536000" });
  });
}
