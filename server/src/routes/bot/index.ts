import { claimsOf, type Guards } from "../../auth/guard.js";
import { createBotKey, listBotKeys, revokeBotKey } from "../../commands/botKeys.js";
import { prepareUpload } from "../../commands/files.js";
import { groupViewer } from "../../commands/groups.js";
import { replyToMessage } from "../../commands/messages.js";
import type { AppContext } from "../../context.js";
import { forbidden, notFound } from "../../http/errors.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { groupPolicy } from "../../policies/groups.js";
import { presentGroup } from "../../presenters/groups.js";
import { presentUserInfo } from "../../presenters/users.js";
import { prepareBody } from "../resource/schema.js";
import { uploadRoute } from "../resource/upload.js";
import { auditActorOf, gidParams, MESSAGE_BODY, midParams, optionalBody, outgoingContent, sendAndAnswerMid, uidParams } from "../shared.js";
import { botGroupQuery, botGroupsQuery, botKeyParams, botUserQuery, createBotKeyBody } from "./schema.js";

/**
 * Bots (docs/API.md "Bots"): admins make and revoke a bot's API keys; `/bot/*` is the bot API,
 * called with `x-api-key: <bot key>` (`guards.bot`) and nothing else. A bot acts as its account,
 * with a member's rights: it reads and posts where it is a member, and its messages reach their
 * audience exactly as a person's do (the same commands).
 */
export function botRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  // ---- keys (admins) ---------------------------------------------------------------------------
  app.post("/admin/user/bot-api-key/:uid", { preValidation: guards.admin, schema: { params: uidParams, body: createBotKeyBody } }, async (req, reply) =>
    sendJson(reply, await createBotKey(ctx, req.params.uid, req.body.name, auditActorOf(req))),
  );

  app.get("/admin/user/bot-api-key/:uid", { preValidation: guards.admin, schema: { params: uidParams } }, async (req, reply) =>
    sendJson(reply, await listBotKeys(ctx, req.params.uid)),
  );

  app.delete("/admin/user/bot-api-key/:uid/:kid", { preValidation: guards.admin, schema: { params: botKeyParams } }, answerEmpty((req) => revokeBotKey(ctx, req.params.uid, req.params.kid, auditActorOf(req))));

  // ---- the bot API (bot keys) ------------------------------------------------------------------
  app.get("/bot", { preValidation: guards.bot, schema: { querystring: botGroupsQuery } }, async (req, reply) => {
    const claims = claimsOf(req);
    const groups = await ctx.repos.groups.visibleTo(claims.uid, req.query.public_only === "true");
    const viewer = await groupViewer(ctx, claims);
    return sendJson(
      reply,
      groups.map((g) => presentGroup(g, viewer)),
    );
  });

  app.post("/bot/send_to_user/:uid", { preValidation: guards.bot, schema: { params: uidParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    return sendAndAnswerMid(ctx, req, reply, { uid: req.params.uid });
  });

  app.post("/bot/send_to_group/:gid", { preValidation: guards.bot, schema: { params: gidParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    const claims = claimsOf(req);
    // VoceChat answers a bot outside a private channel 403 (a session gets 404, see "General"):
    // bot scripts tell "not invited yet" from "no such channel" by it.
    const group = await ctx.repos.groups.byId(req.params.gid, { withPins: false });
    if (group && !groupPolicy.isMember(claims.uid, group)) throw forbidden("not a member of this channel");
    return sendAndAnswerMid(ctx, req, reply, { gid: req.params.gid }, claims);
  });

  app.post("/bot/reply/:mid", { preValidation: guards.bot, schema: { params: midParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    const row = await replyToMessage(ctx, claimsOf(req), req.params.mid, outgoingContent(req));
    return sendJson(reply, row.mid);
  });

  app.get("/bot/user/:uid", { preValidation: guards.bot, schema: { params: uidParams, querystring: botUserQuery } }, async (req, reply) => {
    const user = await ctx.repos.users.byId(req.query.uid ?? req.params.uid);
    if (!user || user.create_by === "guest") throw notFound("no such user");
    return sendJson(reply, presentUserInfo(user));
  });

  app.get("/bot/group/:gid", { preValidation: guards.bot, schema: { params: gidParams, querystring: botGroupQuery } }, async (req, reply) => {
    const claims = claimsOf(req);
    const group = await ctx.repos.groups.byId(req.query.gid ?? req.params.gid);
    // A private channel the bot is not in does not exist for it, as for anyone outside it.
    if (!group || !groupPolicy.canView(claims, group)) throw notFound("no such channel");
    return sendJson(reply, presentGroup(group, await groupViewer(ctx, claims)));
  });

  // Uploads as `/resource/file/*` (docs/API.md "Files"); the key is checked before the body is read.
  app.post("/bot/file/prepare", { onRequest: guards.bot, schema: { body: optionalBody(prepareBody) } }, async (req, reply) =>
    sendJson(reply, await prepareUpload(ctx, claimsOf(req), req.body)),
  );
  uploadRoute(app, ctx, "/bot/file/upload", guards.bot);
}
