import type { Uid } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { badRequest, forbidden } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { presentGroup } from "../presenters/groups.js";
import type { GroupRow } from "../repos/groups.js";
import { loadSystemCommon } from "../repos/settings.js";

export interface NewGroup {
  name: string;
  description: string | null;
  members: Uid[];
  is_public: boolean;
}

/**
 * Creates a channel. A private channel always includes its creator, who owns it; a public one
 * has no owner and no explicit members. Emits `joined_group` to the members (public: everyone).
 */
export async function createGroup(ctx: AppContext, actor: TokenClaims, input: NewGroup): Promise<GroupRow> {
  const settings = await loadSystemCommon(ctx.repos.config);
  if (!groupPolicy.canCreate(actor, input.is_public, settings.only_admin_can_create_group)) {
    throw forbidden("only admins can create public channels");
  }
  if (input.is_public && input.members.length > 0) throw badRequest("a public channel has no member list");
  const members = input.is_public ? [] : [...new Set([actor.uid, ...input.members])].sort((a, b) => a - b);
  const known = await ctx.repos.users.existingIds(members);
  if (members.some((uid) => !known.has(uid))) throw badRequest("unknown uid in members");

  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("groups")
      .values({
        name: input.name,
        description: input.description,
        owner: input.is_public ? null : actor.uid,
        is_public: input.is_public ? 1 : 0,
        avatar_updated_at: 0,
        show_email: 0,
        add_friend: 1,
        dm_to_member: 1,
        only_owner_can_send_msg: 0,
        ext_setting: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (members.length > 0) {
      await tx
        .insertInto("group_members")
        .values(members.map((uid) => ({ gid: row.gid, uid, created_at: now })))
        .execute();
    }
    return row;
  });

  const event = { type: "joined_group" as const, group: presentGroup({ row, members }) };
  ctx.bus.publish(event, input.is_public ? { kind: "everyone" } : { kind: "users", uids: members });
  return row;
}
