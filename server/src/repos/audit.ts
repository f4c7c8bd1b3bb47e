import type { AuditAction } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { AuditLogTable } from "../db/schema.js";
import type { Selectable } from "kysely";

export type AuditRow = Selectable<AuditLogTable>;

export interface NewAuditRow {
  actor_uid: number | null;
  action: AuditAction;
  target_uid?: number | null;
  target_gid?: number | null;
  detail?: Record<string, unknown>;
  ip: string | null;
}

/** Appends one entry; `db` may be the transaction of the change it records. */
export async function insertAudit(db: Db, row: NewAuditRow, now = Date.now()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      created_at: now,
      actor_uid: row.actor_uid,
      action: row.action,
      target_uid: row.target_uid ?? null,
      target_gid: row.target_gid ?? null,
      detail: JSON.stringify(row.detail ?? {}),
      ip: row.ip,
    })
    .execute();
}

/** Newest first, below `before` when given, optionally only actions starting with `prefix`. */
export function listAudit(db: Db, q: { before: number | null; limit: number; prefix: string | null }): Promise<AuditRow[]> {
  let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(q.limit);
  if (q.before !== null) query = query.where("id", "<", q.before);
  // A prefix is a category or an exact action (schema-checked: letters, dots and underscores only).
  if (q.prefix !== null) query = query.where((eb) => eb.or([eb("action", "=", q.prefix as string), eb("action", "like", `${q.prefix}.%`)]));
  return query.execute();
}
