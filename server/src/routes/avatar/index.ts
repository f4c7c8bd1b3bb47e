import type { FastifyRequest } from "fastify";
import { AVATAR_MAX_BYTES, SERVER_ICON_MAX_BYTES } from "@parley/protocol";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { setGroupAvatar, setOrganizationLogo, setUserAvatar } from "../../commands/avatars.js";
import { recordAudit } from "../../commands/audit.js";
import type { AppContext } from "../../context.js";
import { HttpError, badRequest } from "../../http/errors.js";
import { sendEmpty } from "../../http/reply.js";
import type { RawBody, ZodApp } from "../../http/validate.js";
import { auditActorOf, gidParams, uidParams } from "../shared.js";

/** A picture upload's raw body. */
const PNG_BODY: RawBody = { contentTypes: ["image/png"], binary: "png" };

/** The raw `image/png` body; any other content type is a 415 (docs/API.md "Files"). */
function pictureBody(req: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(req.body)) throw new HttpError(415, "Unsupported Media Type");
  if (req.body.length === 0) throw badRequest("empty image");
  return req.body;
}

/**
 * Picture uploads (docs/API.md "Files"): the body is a raw `image/png` (any decodable
 * image is accepted and re-encoded). Avatars are bounded by `upload_avatar_limit` (512 KiB), the
 * organization logo by 5 MB (docs/API.md "Files"); larger is a 413 before the body is read. The session
 * is checked first, so an anonymous body is never read either.
 */
export function avatarRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser("image/png", { parseAs: "buffer", bodyLimit: SERVER_ICON_MAX_BYTES }, (_req, body, done) => done(null, body));

    scope.post("/user/avatar", { onRequest: guards.member, bodyLimit: AVATAR_MAX_BYTES, config: { rawBody: PNG_BODY } }, async (req, reply) => {
      await setUserAvatar(ctx, claimsOf(req).uid, pictureBody(req));
      return sendEmpty(reply);
    });

    scope.post("/admin/user/:uid/avatar", { onRequest: guards.admin, bodyLimit: AVATAR_MAX_BYTES, schema: { params: uidParams }, config: { rawBody: PNG_BODY } }, async (req, reply) => {
      const uid = req.params.uid;
      await setUserAvatar(ctx, uid, pictureBody(req));
      await recordAudit(ctx.db, auditActorOf(req), { action: "user.avatar_changed", target_uid: uid });
      return sendEmpty(reply);
    });

    scope.post("/group/:gid/avatar", { onRequest: guards.user, bodyLimit: AVATAR_MAX_BYTES, schema: { params: gidParams }, config: { rawBody: PNG_BODY } }, async (req, reply) => {
      const gid = req.params.gid;
      await setGroupAvatar(ctx, claimsOf(req), gid, pictureBody(req));
      return sendEmpty(reply);
    });

    scope.post("/admin/system/organization/logo", { onRequest: guards.admin, bodyLimit: SERVER_ICON_MAX_BYTES, config: { rawBody: PNG_BODY } }, async (req, reply) => {
      await setOrganizationLogo(ctx, pictureBody(req));
      await recordAudit(ctx.db, auditActorOf(req), { action: "settings.logo" });
      return sendEmpty(reply);
    });
  });
}
