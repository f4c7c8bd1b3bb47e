import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredAttachment } from "../../commands/archives.js";
import type { AppContext } from "../../context.js";
import { contentDisposition, isActiveContent, sendBlob } from "../../files/serve.js";
import { notFound } from "../../http/errors.js";

/**
 * Serves an archive's or a favorite's attachment exactly as `GET /resource/file` serves a file
 * (`files/serve.ts`): its content type, `Content-Disposition` `inline` (`attachment` with
 * `download`, and always for script-capable types) with the original name, the sha256 as
 * `ETag`, the snapshot time as `Last-Modified`, ranges and conditional requests. A snapshot
 * never changes, so it may be cached for a year.
 */
export async function sendAttachment(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  attachment: StoredAttachment | null,
  opts: { download: boolean; cacheControl: string },
): Promise<FastifyReply> {
  const stat = attachment ? await ctx.storage.stat(attachment.key) : null;
  if (!attachment || !stat) throw notFound("no such attachment");
  const kind = opts.download || isActiveContent(attachment.content_type) ? "attachment" : "inline";
  return sendBlob(req, reply, ctx.storage, {
    key: attachment.key,
    size: stat.size,
    contentType: attachment.content_type,
    etag: `"${attachment.hash}"`,
    lastModified: attachment.created_at,
    cacheControl: opts.cacheControl,
    disposition: contentDisposition(kind, attachment.filename),
  });
}
