import type { AuditAction, AuditLogEntry } from "@parley/protocol";
import type { AuditRow } from "../repos/audit.js";

export function presentAuditEntry(row: AuditRow): AuditLogEntry {
  return {
    id: row.id,
    created_at: row.created_at,
    actor_uid: row.actor_uid,
    action: row.action as AuditAction,
    target_uid: row.target_uid,
    target_gid: row.target_gid,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    ip: row.ip,
  };
}
