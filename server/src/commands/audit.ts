import type { AuditAction } from "@parley/protocol";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { insertAudit } from "../repos/audit.js";
import { ConfigRepo } from "../repos/config.js";

/** Who acted, as the audit log records it: the signed-in user (null when none) and the client address. */
export interface AuditActor {
  uid: number | null;
  ip: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  target_uid?: number | null;
  target_gid?: number | null;
  /** What changed: names and non-secret values only (docs/API.md, "Audit log"). */
  detail?: Record<string, unknown>;
}

/**
 * Records an admin action or security event. Pass the transaction of the change when there is
 * one, so the entry exists exactly when the change does.
 */
export function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  return insertAudit(db, { actor_uid: actor.uid, ip: actor.ip, ...record });
}

/**
 * Stores a dynamic setting (`config` table) and its audit entry in one transaction, so neither
 * exists without the other.
 */
export async function setConfigAudited(ctx: AppContext, key: string, value: unknown, actor: AuditActor, record: AuditRecord): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await new ConfigRepo(tx).set(key, value);
    await recordAudit(tx, actor, record);
  });
}

/** The names of the settings a patch sets, with their values unless the name is a secret's. */
export function describeChange(patch: Record<string, unknown>, secrets: readonly string[] = []): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    changed[key] = secrets.includes(key) ? "(changed)" : value;
  }
  return { changed };
}
