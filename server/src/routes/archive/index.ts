import type { FastifyInstance } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { createArchive } from "../../commands/archives.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { archiveQuery, midListBody } from "./schema.js";

/**
 * Forwarding archives (contract §3.5, §6.4), text messages only until the files work: an
 * archive is its `Archive` JSON in the database, addressed by a `Y/M/D/<uuid>` path.
 */
export function archiveRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post("/resource/archive", { preHandler: guards.user }, async (req, reply) => {
    const { mid_list } = parse(midListBody, req.body);
    return sendJson(reply, await createArchive(ctx, claimsOf(req), mid_list));
  });

  // No auth, as in VoceChat (contract §13): the path holds an unguessable UUID and is what a
  // forward hands to its recipients. Archives never change, so they may be cached for good.
  app.get("/resource/archive", async (req, reply) => {
    const { file_path } = parse(archiveQuery, req.query, "query");
    const row = await ctx.repos.messages.archive(file_path);
    if (!row) throw notFound("no such archive");
    return reply.header("Cache-Control", "public, max-age=31536000").type("application/json; charset=utf-8").send(row.body);
  });
}
