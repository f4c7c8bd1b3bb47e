import type { FastifyReply, FastifyRequest } from "fastify";
import { EMPTY_OPEN_GRAPH, type FileCreationTimeType } from "@parley/protocol";
import { claimsOf, type Guards } from "../../auth/guard.js";
import {
  deleteAllFiles,
  liveFile,
  loadWidgetCss,
  prepareUpload,
  setWidgetCss,
} from "../../commands/files.js";
import type { AppContext } from "../../context.js";
import { recordAudit } from "../../commands/audit.js";
import { currentExpiryCutoff, isExpired } from "../../files/expiry.js";
import { defaultLogoPng } from "../../files/images.js";
import { contentDisposition, isActiveContent, sendBlob } from "../../files/serve.js";
import { badRequest, notFound } from "../../http/errors.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { presentAdminFile } from "../../presenters/files.js";
import { extSettingOf, loadSystemCommon } from "../../repos/settings.js";
import { ORGANIZATION_LOGO_KEY, avatarKey, fileKey, groupAvatarKey, isFilePath, thumbnailKey } from "../../storage/layout.js";
import { adminFilesQuery, avatarQuery, fileQuery, groupAvatarQuery, prepareBody, previewQuery, widgetCssBody } from "./schema.js";
import { auditActorOf, optionalBody } from "../shared.js";
import { uploadRoute } from "./upload.js";

const DAYS: Record<FileCreationTimeType, number> = { Day1: 1, Day7: 7, Day30: 30, Day90: 90, Day180: 180 };
const PROCESS_START = Date.now();

/**
 * `/resource/*` (docs/API.md "Files") and `GET /admin/system/files`: uploads, downloads,
 * avatars and the logo, the widget stylesheet, link previews, and the admin files page.
 * Downloads, avatars and the logo are served without a session, as VoceChat does: clients load
 * them by URL in `<img>` and `<a>` without headers.
 */
export function resourceRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  // ---- uploads --------------------------------------------------------------------------------
  app.post("/resource/file/prepare", { onRequest: guards.member, schema: { body: optionalBody(prepareBody) } }, async (req, reply) => {
    const body = req.body;
    return sendJson(reply, await prepareUpload(ctx, claimsOf(req), body));
  });

  uploadRoute(app, ctx, "/resource/file/upload", guards.member);

  // ---- downloads ------------------------------------------------------------------------------
  app.get("/resource/file", { schema: { querystring: fileQuery } }, async (req, reply) => {
    const q = req.query;
    if (!isFilePath(q.file_path)) throw badRequest("invalid file_path");
    const file = await liveFile(ctx, q.file_path);
    if (!file) throw notFound("file not found or expired");
    let key = fileKey(file.path);
    let contentType = file.content_type;
    let etag = `"${file.hash}"`;
    if (q.thumbnail && file.thumbnail_type) {
      key = thumbnailKey(file.path);
      contentType = file.thumbnail_type;
      etag = `"${file.hash.slice(0, 40)}-thumbnail"`;
    }
    // Fall back to the original when a thumbnail is missing.
    let stat = await ctx.storage.stat(key);
    if (!stat && key !== fileKey(file.path)) {
      key = fileKey(file.path);
      contentType = file.content_type;
      etag = `"${file.hash}"`;
      stat = await ctx.storage.stat(key);
    }
    if (!stat) throw notFound("file not found or expired");
    const kind = q.download || isActiveContent(contentType) ? "attachment" : "inline";
    return sendBlob(req, reply, ctx.storage, {
      key,
      size: stat.size,
      contentType,
      etag,
      lastModified: file.created_at,
      cacheControl: "private, max-age=86400",
      disposition: contentDisposition(kind, file.filename),
    });
  });

  /** `t`: the `?t=<avatar_updated_at>` that names one version of the picture, cached for good. */
  const sendPicture = async (req: FastifyRequest, reply: FastifyReply, key: string, t: unknown, fallback?: () => Promise<Buffer>) => {
    const stat = await ctx.storage.stat(key);
    const versioned = typeof t === "string";
    const cacheControl = versioned ? "public, max-age=31536000, immutable" : "no-cache";
    if (!stat) {
      if (!fallback) throw notFound("no picture");
      const buffer = await fallback();
      return sendBlob(req, reply, ctx.storage, {
        key: null,
        buffer,
        size: buffer.length,
        contentType: "image/png",
        etag: '"default-logo"',
        lastModified: PROCESS_START,
        cacheControl: "no-cache",
      });
    }
    return sendBlob(req, reply, ctx.storage, {
      key,
      size: stat.size,
      contentType: "image/png",
      etag: `"${stat.size.toString(16)}-${stat.modifiedAt.toString(16)}"`,
      lastModified: stat.modifiedAt,
      cacheControl,
    });
  };

  app.get("/resource/avatar", { schema: { querystring: avatarQuery } }, async (req, reply) => {
    const { uid, t } = req.query;
    return sendPicture(req, reply, avatarKey(uid), t);
  });

  app.get("/resource/group_avatar", { schema: { querystring: groupAvatarQuery } }, async (req, reply) => {
    const { gid, t } = req.query;
    return sendPicture(req, reply, groupAvatarKey(gid), t);
  });

  app.get("/resource/organization/logo", async (req, reply) =>
    sendPicture(req, reply, ORGANIZATION_LOGO_KEY, (req.query as Record<string, unknown>).t, defaultLogoPng),
  );

  // ---- administration -------------------------------------------------------------------------
  app.delete("/resource/file/delete", { preValidation: guards.admin }, async (req, reply) => {
    await deleteAllFiles(ctx, auditActorOf(req));
    return sendEmpty(reply);
  });

  app.get("/admin/system/files", { preValidation: guards.admin, schema: { querystring: adminFilesQuery } }, async (req, reply) => {
    const q = req.query;
    const pageSize = q.page_size ?? 20;
    const page = Math.max(1, q.page ?? 1);
    const now = Date.now();
    const rows = await ctx.repos.files.fileMessages({
      uid: q.uid,
      gid: q.gid,
      kind: q.file_type,
      since: q.creation_time_type ? now - DAYS[q.creation_time_type] * 86_400_000 : undefined,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    const cutoff = await currentExpiryCutoff(ctx, now);
    const items = rows.map((row) => {
      const expired = row.file_created_at === null || isExpired({ created_at: row.file_created_at, deleted_at: row.deleted_at }, cutoff);
      return presentAdminFile(row, expired);
    });
    return sendJson(reply, items);
  });

  // ---- the widget's stylesheet
  // -------------------------------------------------------------------
  app.get("/resource/widget-extra.css", async (_req, reply) => {
    // None set is an empty stylesheet, not a 404: the VoceChat client's Widget page reads it on
    // every visit, and a 404 there is a failed request in an ordinary session.
    const css = (await loadWidgetCss(ctx)) ?? "";
    return reply
      .type("text/css; charset=utf-8")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "no-cache")
      .send(css);
  });

  app.put("/resource/widget-extra.css", { preValidation: guards.admin, schema: { body: widgetCssBody } }, async (req, reply) => {
    const body = req.body;
    await setWidgetCss(ctx, body.data);
    await recordAudit(ctx.db, auditActorOf(req), { action: "settings.widget_css", detail: { bytes: Buffer.byteLength(body.data) } });
    return sendEmpty(reply);
  });

  // ---- link previews ---------------------------------------------------------------------------
  app.get("/resource/open_graphic_parse", { preValidation: guards.user, schema: { querystring: previewQuery } }, async (req, reply) => {
    const q = req.query;
    const enabled = extSettingOf(await loadSystemCommon(ctx.repos.config)).enable_msg_url_preview !== false;
    let target: URL | null = null;
    try {
      target = new URL(q.url);
    } catch {
      target = null;
    }
    if (!enabled || !target || (target.protocol !== "http:" && target.protocol !== "https:")) {
      return sendJson(reply.header("Cache-Control", "no-cache"), EMPTY_OPEN_GRAPH);
    }
    const language = req.headers["accept-language"];
    const { value, ok } = await ctx.files.preview.preview(target.href, typeof language === "string" ? language : undefined);
    reply.header("Cache-Control", ok ? "public, max-age=86400" : "public, max-age=300");
    return sendJson(reply, value);
  });
}
