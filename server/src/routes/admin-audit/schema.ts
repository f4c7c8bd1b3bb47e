import * as z from "zod";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "@parley/protocol";
import { idParam } from "../shared.js";

/** `GET /admin/audit_log?before=&limit=&action=`: a page of entries, newest first. */
export const auditLogQuery = z.object({
  before: idParam.optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, "expected a positive integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(AUDIT_PAGE_MAX))
    .default(AUDIT_PAGE_DEFAULT),
  /** A category (`user`) or an exact action (`user.frozen`). */
  action: z
    .string()
    .regex(/^[a-z_]{1,32}(\.[a-z_]{1,32})?$/, "expected an action or a category")
    .optional(),
});
