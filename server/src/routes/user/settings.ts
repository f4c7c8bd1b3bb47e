import type { FastifyInstance } from "fastify";
import { claimsOf, type Guards } from "../../auth/guard.js";
import { notifyTyping } from "../../commands/typing.js";
import {
  pinChat,
  setContactRemark,
  unpinChat,
  updateBurnAfterReading,
  updateContactStatus,
  updateMutes,
  updateReadIndex,
} from "../../commands/userSettings.js";
import type { AppContext } from "../../context.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import { parse } from "../../http/validate.js";
import { burnAfterReadingBody, contactRemarkBody, contactStatusBody, muteBody, readIndexBody, targetBody } from "./schema.js";

/**
 * The caller's per-conversation settings (mute, burn-after-reading, read index, pinned chats),
 * contacts, and the typing notice. Each change reaches the caller's other devices as
 * `user_settings_changed` (or `user_remark`).
 */
export function settingsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post("/user/mute", { preHandler: guards.user }, async (req, reply) => {
    await updateMutes(ctx, claimsOf(req), parse(muteBody, req.body));
    return sendEmpty(reply);
  });

  app.post("/user/burn-after-reading", { preHandler: guards.user }, async (req, reply) => {
    await updateBurnAfterReading(ctx, claimsOf(req), parse(burnAfterReadingBody, req.body));
    return sendEmpty(reply);
  });

  app.post("/user/read-index", { preHandler: guards.user }, async (req, reply) => {
    await updateReadIndex(ctx, claimsOf(req), parse(readIndexBody, req.body));
    return sendEmpty(reply);
  });

  app.post("/user/pin_chat", { preHandler: guards.member }, async (req, reply) => {
    await pinChat(ctx, claimsOf(req), parse(targetBody, req.body).target);
    return sendEmpty(reply);
  });

  app.post("/user/unpin_chat", { preHandler: guards.member }, async (req, reply) => {
    await unpinChat(ctx, claimsOf(req), parse(targetBody, req.body).target);
    return sendEmpty(reply);
  });

  app.post("/user/update_contact_status", { preHandler: guards.member }, async (req, reply) => {
    const body = parse(contactStatusBody, req.body);
    await updateContactStatus(ctx, claimsOf(req), body.target_uid, body.action);
    return sendEmpty(reply);
  });

  app.put("/user/contact_remark", { preHandler: guards.member }, async (req, reply) => {
    const body = parse(contactRemarkBody, req.body);
    await setContactRemark(ctx, claimsOf(req), body.contact_uid, body.remark);
    return sendEmpty(reply);
  });

  // Parley addition: remarks are private and VoceChat lists them nowhere, so a client that
  // reloads (or a device that was offline for the user_remark event) reads them back here.
  app.get("/user/contact_remarks", { preHandler: guards.member }, async (req, reply) => {
    return sendJson(reply, await ctx.repos.userSettings.remarksOf(claimsOf(req).uid));
  });

  app.post("/user/typing", { preHandler: guards.member }, async (req, reply) => {
    await notifyTyping(ctx, claimsOf(req), parse(targetBody, req.body).target);
    return sendEmpty(reply);
  });
}
