import { claimsOf, type Guards } from "../../auth/guard.js";
import { createFavorite, deleteFavorite, favoriteAttachment } from "../../commands/favorites.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { sendAttachment } from "../archive/attachment.js";
import { midListBody } from "../archive/schema.js";
import { attachmentParams, attachmentQuery, favoriteParams } from "./schema.js";

/**
 * `/favorite/*` (docs/API.md "Favorites"): a user's saved messages, each an `Archive` snapshot only
 * its owner sees.
 */
export function favoriteRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.post("/favorite", { preValidation: guards.member, schema: { body: midListBody } }, async (req, reply) => {
    const { mid_list } = req.body;
    return sendJson(reply, await createFavorite(ctx, claimsOf(req), mid_list));
  });

  app.get("/favorite", { preValidation: guards.user }, async (req, reply) => {
    return sendJson(reply, await ctx.repos.favorites.listOf(claimsOf(req).uid));
  });

  app.get("/favorite/:id", { preValidation: guards.user, schema: { params: favoriteParams } }, async (req, reply) => {
    const id = req.params.id;
    const row = await ctx.repos.favorites.byId(claimsOf(req).uid, id);
    if (!row) throw notFound("no such favorite");
    // A snapshot never changes; `private` because it is one user's (VoceChat says `public`).
    return reply.header("Cache-Control", "private, max-age=31536000").type("application/json; charset=utf-8").send(row.body);
  });

  app.delete("/favorite/:id", { preValidation: guards.member, schema: { params: favoriteParams } }, async (req, reply) => {
    const id = req.params.id;
    await deleteFavorite(ctx, claimsOf(req), id);
    return sendEmpty(reply);
  });

  // No session, as in VoceChat: clients load a favorite's pictures and files by
  // URL without headers. The favorite id is a random UUID v4 known only to its owner's sessions,
  // so the URL cannot be guessed; `private` keeps shared caches from keeping a copy.
  app.get("/favorite/attachment/:uid/:id/:attachment_id", { schema: { params: attachmentParams, querystring: attachmentQuery } }, async (req, reply) => {
    const p = req.params;
    const { download } = req.query;
    const attachment = await favoriteAttachment(ctx, p.uid, p.id, p.attachment_id);
    return sendAttachment(req, reply, ctx, attachment, { download, cacheControl: "private, max-age=31536000" });
  });
}
