import type { Uid } from "@parley/protocol";
import type { Guards } from "../../auth/guard.js";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { groupPolicy } from "../../policies/groups.js";
import { presentBotConversationPage } from "../../presenters/botChat.js";
import { presentUserInfo } from "../../presenters/users.js";
import { botConversations, listBots } from "../../repos/botChat.js";
import { dmPair } from "../../repos/messages.js";
import { answerHistory, historyQuery } from "../shared.js";
import { botGroupParams, botParams, botUserParams, conversationsQuery } from "./schema.js";

/**
 * The admin bot viewer (docs/API.md "Bots"): admins list the bots, a bot's conversations (its
 * DMs and the channels it is in or has posted to) and read their history, paged as the history
 * routes are. Read-only; a uid that is not a bot is a 404, as an unknown one.
 */
export function adminBotChatRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  const loadBot = async (uid: Uid) => {
    const user = await ctx.repos.users.byId(uid);
    if (!user || user.is_bot !== 1 || user.create_by === "guest") throw notFound("no such bot");
    return user;
  };

  app.get("/admin/bot_chat/bots", { preValidation: guards.admin }, async (_req, reply) =>
    sendJson(reply, (await listBots(ctx.db)).map(presentUserInfo)),
  );

  app.get("/admin/bot_chat/:bot_uid/conversations", { preValidation: guards.admin, schema: { params: botParams, querystring: conversationsQuery } }, async (req, reply) => {
    const bot = await loadBot(req.params.bot_uid);
    const q = req.query;
    const rows = await botConversations(ctx.db, bot.uid, q.before ?? null, q.limit);
    return sendJson(reply, presentBotConversationPage(bot.uid, rows, q.limit));
  });

  app.get("/admin/bot_chat/:bot_uid/user/:uid/history", { preValidation: guards.admin, schema: { params: botUserParams, querystring: historyQuery } }, async (req, reply) => {
    const bot = await loadBot(req.params.bot_uid);
    return answerHistory(ctx, reply, { dm: dmPair(bot.uid, req.params.uid) }, req.query);
  });

  app.get("/admin/bot_chat/:bot_uid/group/:gid/history", { preValidation: guards.admin, schema: { params: botGroupParams, querystring: historyQuery } }, async (req, reply) => {
    const bot = await loadBot(req.params.bot_uid);
    const group = await ctx.repos.groups.byId(req.params.gid, { withPins: false });
    // The viewer shows what the bot can read, not every channel: an admin outside a private
    // channel does not read it (policies/groups.ts) through a bot that is not in it either.
    if (!group || !groupPolicy.isMember(bot.uid, group)) throw notFound("no such channel for this bot");
    return answerHistory(ctx, reply, { gid: group.row.gid }, req.query);
  });
}
