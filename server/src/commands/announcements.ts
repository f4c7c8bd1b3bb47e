import type { Gid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { groupAudience } from "../events/audience.js";
import { forbidden } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { presentAnnouncement } from "../presenters/groups.js";
import type { AnnouncementRow } from "../repos/groups.js";
import { loadGroup } from "./groups.js";

/** `GET /group/{gid}/announcement`: anyone for a public channel, members and admins for a private one. */
export async function getAnnouncement(ctx: AppContext, actor: TokenClaims, gid: Gid): Promise<AnnouncementRow | null> {
  await loadGroup(ctx, actor, gid);
  return (await ctx.repos.groups.announcement(gid)) ?? null;
}

/** `POST /group/{gid}/announcement` (owner or admin): sets it and emits `group_announcement_changed`. */
export async function setAnnouncement(ctx: AppContext, actor: TokenClaims, gid: Gid, content: string): Promise<AnnouncementRow> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can set the announcement");
  const now = Date.now();
  const row = await ctx.db
    .insertInto("group_announcements")
    .values({ gid, content, created_by: actor.uid, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("gid").doUpdateSet({ content, created_by: actor.uid, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.bus.publish({ type: "group_announcement_changed", gid, announcement: presentAnnouncement(row) }, groupAudience(group));
  return row;
}

/** `DELETE /group/{gid}/announcement` (owner or admin): emits `group_announcement_changed{announcement:null}` if there was one. */
export async function deleteAnnouncement(ctx: AppContext, actor: TokenClaims, gid: Gid): Promise<void> {
  const group = await loadGroup(ctx, actor, gid);
  if (!groupPolicy.canManage(actor, group)) throw forbidden("only the owner or an admin can remove the announcement");
  const result = await ctx.db.deleteFrom("group_announcements").where("gid", "=", gid).executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) {
    ctx.bus.publish({ type: "group_announcement_changed", gid, announcement: null }, groupAudience(group));
  }
}

