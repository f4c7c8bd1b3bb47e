import { SERVER_VERSION } from "@parley/protocol";
import type { Guards } from "../../auth/guard.js";
import type { AppContext } from "../../context.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";

/**
 * `GET /admin/system/metrics` (admin; docs/API.md "Server settings"): VoceChat's counters,
 * `{user_count, group_count, online_user_count, version}`. Accounts of every kind count (bots
 * and guests too, as VoceChat counts its users table); online is members with a stream on any
 * node. Prometheus metrics are another thing, on `/metrics` (docs/OPERATIONS.md).
 */
export function metricsRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/system/metrics", { preValidation: guards.admin }, async (_req, reply) => {
    const [users, groups] = await Promise.all([ctx.repos.users.count(), ctx.repos.groups.all()]);
    return sendJson(reply, { user_count: users, group_count: groups.length, online_user_count: ctx.presence.onlineMembers().length, version: SERVER_VERSION });
  });
}
