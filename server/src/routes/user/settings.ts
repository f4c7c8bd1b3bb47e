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
import { answerEmpty, sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { burnAfterReadingBody, contactRemarkBody, contactStatusBody, muteBody, readIndexBody, targetBody } from "./schema.js";

/**
 * The caller's per-conversation settings (mute, burn-after-reading, read index, pinned chats),
 * contacts, and the typing notice. Each change reaches the caller's other devices as
 * `user_settings_changed` (or `user_remark`).
 */
export function settingsRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.post("/user/mute", { preValidation: guards.user, schema: { body: muteBody } }, answerEmpty((req) => updateMutes(ctx, claimsOf(req), req.body)));

  app.post("/user/burn-after-reading", { preValidation: guards.user, schema: { body: burnAfterReadingBody } }, answerEmpty((req) => updateBurnAfterReading(ctx, claimsOf(req), req.body)));

  app.post("/user/read-index", { preValidation: guards.user, schema: { body: readIndexBody } }, answerEmpty((req) => updateReadIndex(ctx, claimsOf(req), req.body)));

  app.post("/user/pin_chat", { preValidation: guards.member, schema: { body: targetBody } }, answerEmpty((req) => pinChat(ctx, claimsOf(req), req.body.target)));

  app.post("/user/unpin_chat", { preValidation: guards.member, schema: { body: targetBody } }, answerEmpty((req) => unpinChat(ctx, claimsOf(req), req.body.target)));

  app.post("/user/update_contact_status", { preValidation: guards.member, schema: { body: contactStatusBody } }, async (req, reply) => {
    const body = req.body;
    await updateContactStatus(ctx, claimsOf(req), body.target_uid, body.action);
    return sendEmpty(reply);
  });

  app.put("/user/contact_remark", { preValidation: guards.member, schema: { body: contactRemarkBody } }, async (req, reply) => {
    const body = req.body;
    await setContactRemark(ctx, claimsOf(req), body.contact_uid, body.remark);
    return sendEmpty(reply);
  });

  // Parley addition: remarks are private and VoceChat lists them nowhere, so a client that
  // reloads (or a device that was offline for the user_remark event) reads them back here.
  app.get("/user/contact_remarks", { preValidation: guards.member }, async (req, reply) => {
    return sendJson(reply, await ctx.repos.userSettings.remarksOf(claimsOf(req).uid));
  });

  app.post("/user/typing", { preValidation: guards.member, schema: { body: targetBody } }, answerEmpty((req) => notifyTyping(ctx, claimsOf(req), req.body.target)));
}
