import multipart from "@fastify/multipart";
import { claimsOf, type Guard } from "../../auth/guard.js";
import { appendChunk, discardUpload, finishUpload } from "../../commands/files.js";
import type { AppContext } from "../../context.js";
import { HttpError, badRequest, bodyParseError } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { UPLOAD_BODY } from "./schema.js";

/**
 * The multipart body's parts, or one file part's bytes: a failure to read them (no boundary, the
 * body cut short, a malformed part) is the client's. Only reading is wrapped: a failure of the
 * loop that consumes them (storing a chunk) is not turned into a 400.
 */
async function* readingBody<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const item of stream) yield item;
  } catch (err) {
    throw bodyParseError(err, "multipart");
  }
}

/**
 * The chunk upload of docs/API.md "Files" at `url` behind `guard`: `POST /resource/file/upload`
 * for sessions, `POST /bot/file/upload` for bot keys. Multipart lives in its own scope: only the
 * upload route parses it, with its own limits.
 */
export function uploadRoute(app: ZodApp, ctx: AppContext, url: string, guard: Guard): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.post(
      url,
      // The session is checked before any byte of the body is read; the chunk is streamed to
      // storage, so the global BODY_LIMIT does not apply (the chunk limit does).
      { onRequest: guard, bodyLimit: ctx.config.uploadChunkLimit + 65_536, config: { rawBody: UPLOAD_BODY } },
      async (req, reply) => {
        if (!req.isMultipart()) throw badRequest("expected multipart/form-data");
        const actor = claimsOf(req);
        let fileId: string | null = null;
        let isLast = false;
        let received = false;
        try {
          const parts = req.parts({
            limits: { fileSize: ctx.config.uploadChunkLimit + 1, files: 1, fields: 8, fieldSize: 4_096, parts: 10 },
          });
          for await (const part of readingBody(parts)) {
            if (part.type === "field") {
              if (part.valueTruncated) throw new HttpError(413, `field ${part.fieldname.slice(0, 32)} too large`);
              if (part.fieldname === "file_id") fileId = String(part.value).trim();
              else if (part.fieldname === "chunk_is_last") isLast = String(part.value).trim() === "true";
              continue;
            }
            if (part.fieldname !== "chunk_data") {
              part.file.resume();
              continue;
            }
            // Streaming needs to know the upload first: VoceChat's clients send file_id first.
            if (fileId === null) throw badRequest("file_id must come before chunk_data");
            await appendChunk(ctx, actor, fileId, readingBody(part.file));
            received = true;
          }
        } catch (err) {
          // Refused before the whole body was read (413, unknown upload…): the app's onResponse
          // hook reads and drops the rest (http/drain.ts), so the client reads this answer.
          // A body found malformed after its chunk was stored (a second file part, a part cut
          // short) ends the upload, as a 413 does: the client was told the chunk failed, so the
          // upload must not go on with it.
          if (received && fileId) await discardUpload(ctx, fileId);
          throw err;
        }
        if (!fileId) throw badRequest("failed to parse file_id: required");
        if (!received) throw badRequest("failed to parse chunk_data: required");
        return sendJson(reply, isLast ? await finishUpload(ctx, actor, fileId) : null);
      },
    );
  });
}
