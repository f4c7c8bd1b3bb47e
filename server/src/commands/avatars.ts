// Avatars, channel pictures and the organization logo (docs/API.md "Files").
import type { Gid, Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { groupAudience } from "../events/audience.js";
import { AVATAR_SIZE, ImageRejected, LOGO_MIN_SIDE, LOGO_SIZE, squarePng } from "../files/images.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { filesPolicy } from "../policies/files.js";
import { groupPolicy } from "../policies/groups.js";
import { presentUserLog } from "../presenters/users.js";
import { insertUserLog } from "../repos/users.js";
import { ORGANIZATION_LOGO_KEY, avatarKey, groupAvatarKey } from "../storage/layout.js";
import { announceConfig } from "./settings.js";

/** Config key of the time the organization logo was last set (the logo URL's cache buster). */
export const ORGANIZATION_LOGO_UPDATED_KEY = "organization_logo_updated_at";

async function toPng(body: Buffer, side: number, minSide?: number): Promise<Buffer> {
  try {
    return await squarePng(body, side, minSide);
  } catch (err) {
    if (err instanceof ImageRejected) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Sets a user's avatar (a 256×256 PNG of any decodable image), moves `avatar_updated_at`
 * forward and tells every stream with a `users_log` update carrying only that field.
 */
export async function setUserAvatar(ctx: AppContext, uid: Uid, body: Buffer): Promise<number> {
  const user = await ctx.repos.users.byId(uid);
  if (!user) throw notFound("no such user");
  const png = await toPng(body, AVATAR_SIZE);
  await ctx.storage.put(avatarKey(uid), png);
  const guest = user.create_by === "guest";
  const { at, log } = await ctx.db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("users").select("avatar_updated_at").where("uid", "=", uid).executeTakeFirst();
    if (!current) throw notFound("no such user");
    const at = Math.max(Date.now(), Number(current.avatar_updated_at) + 1);
    await tx.updateTable("users").set({ avatar_updated_at: at, updated_at: at }).where("uid", "=", uid).execute();
    const log = guest
      ? null
      : await insertUserLog(tx, {
          uid,
          action: "update",
          avatar_updated_at: at,
          created_at: at,
        });
    return { at, log };
  });
  if (log) ctx.bus.publish({ type: "users_log", logs: [presentUserLog(log)] }, { kind: "everyone" });
  return at;
}

/**
 * Sets a channel's picture (owner or admin; a private channel the caller cannot see is a 404)
 * and tells its audience with `group_changed`, every other field null.
 */
export async function setGroupAvatar(ctx: AppContext, actor: TokenClaims, gid: Gid, body: Buffer): Promise<number> {
  const group = await ctx.repos.groups.byId(gid);
  if (!group || !groupPolicy.canView(actor, group)) throw notFound("no such channel");
  if (!filesPolicy.canSetGroupAvatar(actor, group)) throw forbidden("only the channel owner or an admin can change its picture");
  const png = await toPng(body, AVATAR_SIZE);
  await ctx.storage.put(groupAvatarKey(gid), png);
  const at = await ctx.db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("groups").select("avatar_updated_at").where("gid", "=", gid).executeTakeFirst();
    if (!current) throw notFound("no such channel");
    const at = Math.max(Date.now(), Number(current.avatar_updated_at) + 1);
    await tx.updateTable("groups").set({ avatar_updated_at: at, updated_at: at }).where("gid", "=", gid).execute();
    return at;
  });
  ctx.bus.publish(
    { type: "group_changed", gid, name: null, description: null, owner: null, avatar_updated_at: at, is_public: null },
    groupAudience(group),
  );
  return at;
}

/** The logo URL that `server_config_changed.organization_logo` carries (cache-busted by time). */
export const organizationLogoUrl = (at: number): string => `/api/resource/organization/logo?t=${at}`;

/**
 * Sets the organization logo: at least 128×128 (400 otherwise), stored as a 240×240 PNG;
 * every stream hears `server_config_changed` with `organization_logo`.
 */
export async function setOrganizationLogo(ctx: AppContext, body: Buffer): Promise<number> {
  const png = await toPng(body, LOGO_SIZE, LOGO_MIN_SIDE);
  await ctx.storage.put(ORGANIZATION_LOGO_KEY, png);
  const at = Date.now();
  await ctx.repos.config.set(ORGANIZATION_LOGO_UPDATED_KEY, at);
  await announceConfig(ctx, organizationLogoUrl(at));
  return at;
}
