import type { Guards } from "../../auth/guard.js";
import { claimsOf } from "../../auth/guard.js";
import {
  agoraReady,
  callUsages,
  callUsers,
  channelCallToken,
  directCallToken,
  listCalls,
  loadAgoraConfig,
  loadVoceSpaceConfig,
  presentAgoraConfig,
  presentVoceSpaceConfig,
  saveAgoraConfig,
  saveVoceSpaceConfig,
  voceSpaceHealthy,
} from "../../commands/agora.js";
import type * as z from "zod";
import type { AuditActor } from "../../commands/audit.js";
import type { AppContext } from "../../context.js";
import { answerEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";
import { agoraConfigBody, agoraTokenBody, channelPageParams, channelUsersParams, gidParams, usagesQuery, voceSpaceConfigBody, voceSpaceHealthParams } from "./schema.js";

/**
 * Agora calls and the VoceSpace setting (docs/API.md "Agora"): the config, RTC tokens for a
 * channel's or a DM's call, the calls going on now, the usage, and VoceSpace's address.
 */
export function agoraRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/agora/enabled", { preValidation: guards.user }, async (_req, reply) => sendJson(reply, agoraReady(await loadAgoraConfig(ctx))));

  configRoutes(app, guards, "/admin/agora/config", agoraConfigBody, async (isAdmin) => presentAgoraConfig(await loadAgoraConfig(ctx), isAdmin), (body, actor) =>
    saveAgoraConfig(ctx, body, actor),
  );

  app.get("/group/:gid/agora_token", { preValidation: guards.member, schema: { params: gidParams } }, async (req, reply) =>
    sendJson(reply, await channelCallToken(ctx, claimsOf(req), req.params.gid)),
  );

  app.post("/admin/agora/token", { preValidation: guards.member, schema: { body: agoraTokenBody } }, async (req, reply) => {
    const actor = claimsOf(req);
    const body = req.body;
    return sendJson(reply, "gid" in body ? await channelCallToken(ctx, actor, body.gid) : await directCallToken(ctx, actor, body.uid));
  });

  app.get("/admin/agora/channel/:page_no/:page_size", { preValidation: guards.member, schema: { params: channelPageParams } }, async (req, reply) =>
    sendJson(reply, await listCalls(ctx, claimsOf(req), req.params.page_no, req.params.page_size)),
  );

  app.get("/admin/agora/channel/user/:channel_name/:hosts_only", { preValidation: guards.member, schema: { params: channelUsersParams } }, async (req, reply) =>
    sendJson(reply, await callUsers(ctx, claimsOf(req), req.params.channel_name)),
  );

  app.get("/admin/agora/usages", { preValidation: guards.admin, schema: { querystring: usagesQuery } }, async (req, reply) =>
    sendJson(reply, await callUsages(ctx, req.query.from_date, req.query.to_date)),
  );

  configRoutes(app, guards, "/admin/vocespace/config", voceSpaceConfigBody, async (isAdmin) => presentVoceSpaceConfig(await loadVoceSpaceConfig(ctx), isAdmin), (body, actor) =>
    saveVoceSpaceConfig(ctx, body, actor),
  );

  app.get("/admin/vocespace/health/:url", { preValidation: guards.admin, schema: { params: voceSpaceHealthParams } }, async (req, reply) =>
    sendJson(reply, await voceSpaceHealthy(ctx, req.params.url)),
  );
}

/**
 * `GET path`, for any signed-in user as in VoceChat (only admins see more than whether it is on,
 * secrets masked: `read` is told), and `POST path` for admins, of one stored config.
 */
function configRoutes<Body extends z.ZodType>(
  app: ZodApp,
  guards: Guards,
  path: string,
  body: Body,
  read: (isAdmin: boolean) => Promise<unknown>,
  save: (value: z.infer<Body>, actor: AuditActor) => Promise<void>,
): void {
  app.get(path, { preValidation: guards.user }, async (req, reply) => sendJson(reply, await read(claimsOf(req).is_admin)));
  app.post(path, { preValidation: guards.admin, schema: { body } }, answerEmpty((req) => save(req.body as z.infer<Body>, auditActorOf(req))));
}
