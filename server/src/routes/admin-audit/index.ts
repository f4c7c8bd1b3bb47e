import type { Guards } from "../../auth/guard.js";
import type { AppContext } from "../../context.js";
import { sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { presentAuditEntry } from "../../presenters/audit.js";
import { listAudit } from "../../repos/audit.js";
import { auditLogQuery } from "./schema.js";

/**
 * `GET /admin/audit_log` (Parley addition, docs/API.md "Audit log"): admins read who did what.
 * There is no route that changes or deletes an entry.
 */
export function adminAuditRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/admin/audit_log", { preValidation: guards.admin, schema: { querystring: auditLogQuery } }, async (req, reply) => {
    const q = req.query;
    const rows = await listAudit(ctx.db, { before: q.before ?? null, limit: q.limit, prefix: q.action ?? null });
    return sendJson(reply, rows.map(presentAuditEntry));
  });
}
