import { claimsOf, type Guards } from "../../auth/guard.js";
import { archiveAttachment, createArchive, liveArchive } from "../../commands/archives.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { sendAttachment } from "./attachment.js";
import { archiveAttachmentQuery, archiveQuery, midListBody } from "./schema.js";

/** Archives never change: they may be cached for good (as VoceChat says). */
const ARCHIVE_CACHE = "public, max-age=31536000";

/**
 * Forwarding archives (docs/API.md "Archives"): an archive is its `Archive` JSON and the list of
 * its attachments in the database, addressed by a `Y/M/D/<uuid>` path, and copies of the
 * attachment bytes in the store (`archive_msgs/Y/M/D/<uuid>/<n>`).
 *
 * The reads need no session, as in VoceChat: clients load an archive and its
 * attachments by URL (`<img src>`, links) without headers. The path holds a random UUID v4, so
 * only those it was handed to — the recipients of a forward — can find it.
 */
export function archiveRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  // Guests cannot forward or save favorites, so they cannot make archives either (Parley: G).
  app.post("/resource/archive", { preValidation: guards.member, schema: { body: midListBody } }, async (req, reply) => {
    const { mid_list } = req.body;
    return sendJson(reply, await createArchive(ctx, claimsOf(req), mid_list));
  });

  app.get("/resource/archive", { schema: { querystring: archiveQuery } }, async (req, reply) => {
    const { file_path } = req.query;
    const row = await liveArchive(ctx, file_path);
    if (!row) throw notFound("no such archive");
    return reply.header("Cache-Control", ARCHIVE_CACHE).type("application/json; charset=utf-8").send(row.body);
  });

  app.get("/resource/archive/attachment", { schema: { querystring: archiveAttachmentQuery } }, async (req, reply) => {
    const q = req.query;
    const attachment = await archiveAttachment(ctx, q.file_path, q.attachment_id);
    return sendAttachment(req, reply, ctx, attachment, { download: q.download, cacheControl: ARCHIVE_CACHE });
  });
}
