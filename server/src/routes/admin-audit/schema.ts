import * as z from "zod";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "@parley/protocol";
import { idParam, pageLimitParam } from "../shared.js";

/** `GET /admin/audit_log?before=&limit=&action=`: a page of entries, newest first. */
export const auditLogQuery = z.object({
  before: idParam.optional(),
  limit: pageLimitParam(AUDIT_PAGE_MAX, AUDIT_PAGE_DEFAULT),
  /** A category (`user`) or an exact action (`user.frozen`). */
  action: z
    .string()
    .regex(/^[a-z_]{1,32}(\.[a-z_]{1,32})?$/, "expected an action or a category")
    .optional(),
});
