import type { Guards } from "../../auth/guard.js";
import { claimsOf } from "../../auth/guard.js";
import {
  callConfig,
  declineCall,
  joinCall,
  leaveCall,
  listRooms,
  loadCallSettings,
  presentCallSettings,
  relaySignal,
  saveCallSettings,
  setCallMedia,
} from "../../commands/calls.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../http/errors.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";
import { callSettingsBody, joinBody, mediaBody, roomBody, SIGNAL_BODY_LIMIT, signalBody } from "./schema.js";

/**
 * Parley's built-in calls (docs/API.md "Calls (addition)"): the ICE config, the rooms, joining and
 * leaving, the signalling relay, media flags, declining a DM's ring, and the admin's settings.
 */
export function callRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/call/config", { preValidation: guards.member }, async (req, reply) => sendJson(reply, await callConfig(ctx, claimsOf(req))));

  app.get("/call/rooms", { preValidation: guards.member }, async (req, reply) => sendJson(reply, await listRooms(ctx, claimsOf(req))));

  app.post("/call/join", { preValidation: guards.member, schema: { body: joinBody } }, async (req, reply) => {
    const { audio, video, screen, ...target } = req.body;
    return sendJson(reply, await joinCall(ctx, claimsOf(req), target, { audio, video, screen }));
  });

  app.post("/call/leave", { preValidation: guards.member, schema: { body: roomBody } }, async (req, reply) => {
    await leaveCall(ctx, claimsOf(req), req.body.room);
    return sendEmpty(reply);
  });

  app.post("/call/decline", { preValidation: guards.member, schema: { body: roomBody } }, async (req, reply) => {
    await declineCall(ctx, claimsOf(req), req.body.room);
    return sendEmpty(reply);
  });

  app.post("/call/signal", { preValidation: guards.member, bodyLimit: SIGNAL_BODY_LIMIT, schema: { body: signalBody } }, async (req, reply) => {
    await relaySignal(ctx, claimsOf(req), req.body);
    return sendEmpty(reply);
  });

  app.post("/call/media", { preValidation: guards.member, schema: { body: mediaBody } }, async (req, reply) => {
    const { room, ...media } = req.body;
    return sendJson(reply, await setCallMedia(ctx, claimsOf(req), room, media));
  });

  app.get("/admin/call/config", { preValidation: guards.admin }, async (_req, reply) => sendJson(reply, presentCallSettings(await loadCallSettings(ctx))));

  app.post("/admin/call/config", { preValidation: guards.admin, schema: { body: callSettingsBody } }, async (req, reply) => {
    if (req.body.turn_urls.length > 0 && req.body.turn_secret === "" && req.body.relay_only) throw badRequest("relay-only calls need a TURN secret");
    await saveCallSettings(ctx, req.body, auditActorOf(req));
    return sendEmpty(reply);
  });
}
