import type { DataSummary, Organization, ServerEvent, SystemCommon } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { describeChange, recordAudit, setConfigAudited, type AuditActor } from "./audit.js";
import { loadSystemCommon } from "../repos/settings.js";

export const DEFAULT_ORGANIZATION: Organization = { name: "Parley", description: null };

export async function loadOrganization(ctx: AppContext): Promise<Organization> {
  const org = (await ctx.repos.config.get<Organization>("organization")) ?? DEFAULT_ORGANIZATION;
  return { name: org.name, description: org.description ?? null };
}

/**
 * `server_config_changed` carries the organization and every system setting, so a client can
 * apply it without another request (docs/API.md "Event catalogue": all its fields are nullable).
 * `organizationLogo` is the new logo's URL when the logo changed, else null (unchanged).
 */
export async function announceConfig(ctx: AppContext, organizationLogo: string | null = null): Promise<void> {
  const [org, common] = await Promise.all([loadOrganization(ctx), loadSystemCommon(ctx.repos.config)]);
  const event: ServerEvent = {
    type: "server_config_changed",
    organization_name: org.name,
    organization_description: org.description,
    organization_logo: organizationLogo,
    ...common,
  };
  ctx.bus.publish(event, { kind: "everyone" });
}

/** Merges the given switches into the stored ones and tells every stream. */
export async function updateSystemCommon(ctx: AppContext, patch: Partial<SystemCommon>, audit: AuditActor): Promise<SystemCommon> {
  const next = { ...(await loadSystemCommon(ctx.repos.config)), ...patch };
  await setConfigAudited(ctx, "system_common", next, audit, { action: "settings.common", detail: describeChange(patch) });
  await announceConfig(ctx);
  return next;
}

export async function updateOrganization(ctx: AppContext, org: Organization, audit: AuditActor): Promise<void> {
  const stored = { name: org.name, description: org.description ?? null };
  await setConfigAudited(ctx, "organization", stored, audit, { action: "settings.organization", detail: describeChange(stored) });
  await announceConfig(ctx);
}

/**
 * Deletes every message (admin "clear all messages") and tells every stream the highest mid
 * that was removed, so clients drop everything up to it.
 */
export async function clearAllMessages(ctx: AppContext, audit: AuditActor): Promise<number> {
  const latest = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("messages")
      .select((eb) => eb.fn.max<number | null>("mid").as("mid"))
      .executeTakeFirst();
    const latest = Number(row?.mid ?? 0);
    await tx.deleteFrom("messages").where("mid", "<=", latest).execute();
    await recordAudit(tx, audit, { action: "messages.cleared", detail: { latest_deleted_mid: latest } });
    return latest;
  });
  ctx.bus.publish({ type: "message_cleared", latest_deleted_mid: latest }, { kind: "everyone" });
  return latest;
}

/** What the admin's clearing actions would remove: the messages, and the files still kept. */
export async function dataSummary(ctx: AppContext): Promise<DataSummary> {
  const [messages, files] = await Promise.all([
    ctx.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    ctx.db
      .selectFrom("files")
      .where("deleted_at", "is", null)
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number | null>("size").as("bytes")])
      .executeTakeFirst(),
  ]);
  // PostgreSQL answers counts and sums as strings.
  return { messages: Number(messages?.n ?? 0), files: Number(files?.n ?? 0), file_bytes: Number(files?.bytes ?? 0) };
}
