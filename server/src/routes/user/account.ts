import { claimsOf, type Guards } from "../../auth/guard.js";
import { deleteOwnAccount } from "../../commands/accounts.js";
import { listDevices, removeDevice, updateDeviceToken } from "../../commands/devices.js";
import { changePassword, updateUserInfo } from "../../commands/users.js";
import type { AppContext } from "../../context.js";
import { badRequest, notFound } from "../../http/errors.js";
import { sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { userPolicy } from "../../policies/users.js";
import { auditActorOf, patchOf } from "../shared.js";
import { presentContact } from "../../presenters/userSettings.js";
import { presentOwnUserInfo, presentUserInfo } from "../../presenters/users.js";
import { loadSystemCommon } from "../../repos/settings.js";
import { listsUser } from "../../widget/directory.js";
import {
  changePasswordBody,
  deviceParams,
  FCM_TOKEN_BODY,
  deviceTokenBody,
  fcmTokenQuery,
  searchBody,
  updateUserBody,
} from "./schema.js";

/** The 404 text of `POST /user/search`, which the web client shows as is (docs/API.md "Users"). */
export const SEARCH_NOT_FOUND = "Not found, or this user is not allowed to be searched.";

/** The caller's own account: profile, password, deletion, devices and push tokens, search, contacts. */
export function accountRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.put("/user", { preValidation: guards.member, schema: { body: updateUserBody } }, async (req, reply) => {
    const patch = patchOf(req.body);
    // "" clears the webhook.
    const user = await updateUserInfo(ctx, claimsOf(req).uid, { ...patch, webhook_url: patch.webhook_url === "" ? null : patch.webhook_url });
    return sendJson(reply, presentOwnUserInfo(user));
  });

  app.post("/user/change_password", { preValidation: guards.member, schema: { body: changePasswordBody } }, async (req, reply) => {
    const body = req.body;
    await changePassword(ctx, claimsOf(req), body.old_password, body.new_password);
    return sendEmpty(reply);
  });

  app.delete("/user/delete", { preValidation: guards.user }, async (req, reply) => {
    await deleteOwnAccount(ctx, claimsOf(req), auditActorOf(req));
    return sendEmpty(reply);
  });

  app.get("/user/devices", { preValidation: guards.user }, async (req, reply) => {
    return sendJson(reply, await listDevices(ctx, claimsOf(req).uid));
  });

  app.delete("/user/devices/:device", { preValidation: guards.member, schema: { params: deviceParams } }, async (req, reply) => {
    const device = req.params.device;
    await removeDevice(ctx, claimsOf(req).uid, device);
    return sendEmpty(reply);
  });

  app.put("/token/device_token", { preValidation: guards.member, schema: { body: deviceTokenBody } }, async (req, reply) => {
    const body = req.body;
    const claims = claimsOf(req);
    await updateDeviceToken(ctx, claims.uid, claims.device, body.device_token || null);
    return sendEmpty(reply);
  });

  // The token is the raw text/plain body; `device` defaults to the calling device.
  app.put("/user/update_fcm_token", { preValidation: guards.user, schema: { querystring: fcmTokenQuery }, config: { rawBody: FCM_TOKEN_BODY } }, async (req, reply) => {
    const q = req.query;
    if (req.body !== undefined && req.body !== null && typeof req.body !== "string") throw badRequest("expected a text/plain token");
    const token = typeof req.body === "string" ? req.body.trim() : "";
    if (token.length > 4096) throw badRequest("token too long");
    const claims = claimsOf(req);
    await updateDeviceToken(ctx, claims.uid, q.device ?? claims.device, token || null);
    return sendEmpty(reply);
  });

  app.post("/user/search", { preValidation: guards.member, schema: { body: searchBody } }, async (req, reply) => {
    const body = req.body;
    if (!userPolicy.canSearch(claimsOf(req), await loadSystemCommon(ctx.repos.config))) throw notFound(SEARCH_NOT_FOUND);
    const user = await ctx.repos.users.search(body.search_type, body.keyword);
    if (!user || !userPolicy.isSearchable(user) || !(await listsUser(ctx, claimsOf(req), user))) throw notFound(SEARCH_NOT_FOUND);
    return sendJson(reply, presentUserInfo(user));
  });

  app.get("/user/contacts", { preValidation: guards.member }, async (req, reply) => {
    const rows = await ctx.repos.userSettings.contactsOf(claimsOf(req).uid);
    return sendJson(reply, rows.map((r) => presentContact(r.contact, r.user)));
  });
}
