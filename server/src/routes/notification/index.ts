import type { Guards } from "../../auth/guard.js";
import { claimsOf } from "../../auth/guard.js";
import * as commands from "../../commands/notifications.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { CATALOG, presentSchema } from "../../notify/channels/catalog.js";
import { enabledChannelTypes, listChannels, listChannelTypes } from "../../notify/channels/store.js";
import { loadFcmConfig, presentFcmConfig } from "../../notify/fcm/config.js";
import { presentAvailableType, presentChannel, presentChannelType } from "../../presenters/notifications.js";
import { auditActorOf } from "../shared.js";
import { channelBody, channelParams, channelTypeBody, channelTypeParams, fcmConfigBody } from "./schema.js";

/**
 * The mobile apps' FCM settings and the notification channels (docs/API.md "FCM",
 * "Notification channels"). Admin routes take `guards.admin`; a user's channels are their own
 * (another's id is a 404) and refused to guests (`guards.member`) and bots (403).
 */
export function notificationRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/fcm/config", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, presentFcmConfig(await loadFcmConfig(ctx))));

  app.post("/admin/fcm/config", { preValidation: guards.admin, schema: { body: fcmConfigBody } }, answerEmpty((req) => commands.saveFcmConfig(ctx, req.body, auditActorOf(req))));

  app.get("/admin/notification/channel-types", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, (await listChannelTypes(ctx.db)).map(presentChannelType)));

  app.post("/admin/notification/channel-types", { preValidation: guards.admin, schema: { body: channelTypeBody } }, async (req, reply) =>
    sendJson(reply, presentChannelType(await commands.setChannelType(ctx, req.body.channel_type, req.body.enabled, auditActorOf(req)))),
  );

  app.delete("/admin/notification/channel-types/:type", { preValidation: guards.admin, schema: { params: channelTypeParams } }, answerEmpty((req) => commands.deleteChannelType(ctx, req.params.type, auditActorOf(req))));

  app.get("/user/notification/available-types", { preValidation: guards.member }, async (req, reply) => {
    await commands.assertNotifiable(ctx, claimsOf(req).uid);
    const enabled = await enabledChannelTypes(ctx.db);
    return sendJson(reply, CATALOG.filter((entry) => enabled.has(entry.type)).map(presentAvailableType));
  });

  // Parley addition: the forms of the enabled types, so the web client draws them from the server.
  app.get("/user/notification/schemas", { preValidation: guards.member }, async (req, reply) => {
    await commands.assertNotifiable(ctx, claimsOf(req).uid);
    const enabled = await enabledChannelTypes(ctx.db);
    return sendJson(reply, CATALOG.filter((entry) => enabled.has(entry.type)).map(presentSchema));
  });

  app.get("/user/notification/channels", { preValidation: guards.member }, async (req, reply) => {
    const { uid } = claimsOf(req);
    await commands.assertNotifiable(ctx, uid);
    return sendJson(reply, (await listChannels(ctx.db, uid)).map(presentChannel));
  });

  app.post("/user/notification/channels", { preValidation: guards.member, schema: { body: channelBody } }, async (req, reply) =>
    sendJson(reply, presentChannel(await commands.createChannel(ctx, claimsOf(req).uid, req.body))),
  );

  app.put("/user/notification/channels/:id", { preValidation: guards.member, schema: { params: channelParams, body: channelBody } }, async (req, reply) =>
    sendJson(reply, presentChannel(await commands.updateChannel(ctx, claimsOf(req).uid, req.params.id, req.body))),
  );

  app.delete("/user/notification/channels/:id", { preValidation: guards.member, schema: { params: channelParams } }, answerEmpty((req) => commands.deleteChannel(ctx, claimsOf(req).uid, req.params.id)));

  app.post("/user/notification/channels/:id/test", { preValidation: guards.member, schema: { params: channelParams } }, async (req, reply) => {
    const { uid } = claimsOf(req);
    // Each test is an outbound request the user chooses: bounded per user (429 with Retry-After).
    await ctx.identity.limiter.enforce(reply, "notifyTest", `user:${uid}`);
    return sendJson(reply, await commands.testChannel(ctx, uid, req.params.id));
  });
}
