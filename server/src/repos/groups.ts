import type { Selectable } from "kysely";
import type { Gid, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import { precompile, type Precompiled } from "../db/precompiled.js";
import type { GroupAnnouncementsTable, GroupsTable, PinnedMessagesTable } from "../db/schema.js";

export type GroupRow = Selectable<GroupsTable>;
export type PinRow = Selectable<PinnedMessagesTable>;
export type AnnouncementRow = Selectable<GroupAnnouncementsTable>;

/** What a new channel stores for its picture and settings (docs/API.md "Groups"), booleans as 0/1. */
export const NEW_GROUP_SETTINGS: Pick<GroupRow, "avatar_updated_at" | "show_email" | "add_friend" | "dm_to_member" | "only_owner_can_send_msg" | "ext_setting"> = {
  avatar_updated_at: 0,
  show_email: 0,
  add_friend: 1,
  dm_to_member: 1,
  only_owner_can_send_msg: 0,
  ext_setting: null,
};

export interface GroupWithMembers {
  row: GroupRow;
  /** Explicit members, uid ascending; empty for public groups, where every user is implicitly one. */
  members: Uid[];
  /** Pinned messages, oldest pin first. */
  pins: PinRow[];
}

export class GroupsRepo {
  /** `byId` runs on every message send: compiled once. */
  private readonly groupById: Precompiled<GroupRow>;
  private readonly membersOf: Precompiled<{ uid: Uid }>;

  constructor(private readonly db: Db) {
    this.groupById = precompile(db.selectFrom("groups").selectAll().where("gid", "=", 0));
    this.membersOf = precompile(db.selectFrom("group_members").select("uid").where("gid", "=", 0).orderBy("uid"));
  }

  /**
   * A channel with its members and pins. `withPins: false` skips the pins query for callers that
   * only check membership (the message send path); their `pins` is then empty.
   */
  async byId(gid: Gid, { withPins = true }: { withPins?: boolean } = {}): Promise<GroupWithMembers | undefined> {
    const [row] = (await this.groupById.run(this.db, [gid])).rows;
    if (!row) return undefined;
    const [members, pins] = await Promise.all([row.is_public ? [] : this.memberIds(gid), withPins ? this.pinsOf([gid]) : []]);
    return { row, members, pins };
  }

  async memberIds(gid: Gid): Promise<Uid[]> {
    const { rows } = await this.membersOf.run(this.db, [gid]);
    return rows.map((r) => r.uid);
  }

  async isMember(gid: Gid, uid: Uid): Promise<boolean> {
    const row = await this.db
      .selectFrom("group_members")
      .select("uid")
      .where("gid", "=", gid)
      .where("uid", "=", uid)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** All public groups plus the private ones `uid` belongs to, gid ascending. */
  async visibleTo(uid: Uid, publicOnly = false): Promise<GroupWithMembers[]> {
    let query = this.db.selectFrom("groups").selectAll();
    query = publicOnly
      ? query.where("is_public", "=", 1)
      : query.where((eb) =>
          eb.or([
            eb("is_public", "=", 1),
            eb("gid", "in", eb.selectFrom("group_members").select("gid").where("uid", "=", uid)),
          ]),
        );
    return this.withMembersAndPins(await query.orderBy("gid").execute());
  }

  /**
   * Every group with members and pins, gid ascending: what `visibleTo` reads, for all users at
   * once. The connect sequence keeps it between changes (routes/events/connect.ts) and picks each
   * user's groups from it, the same objects for everyone who sees a group.
   */
  async all(): Promise<GroupWithMembers[]> {
    return this.withMembersAndPins(await this.db.selectFrom("groups").selectAll().orderBy("gid").execute());
  }

  /** These groups (the ones that exist), with members but without pins, gid ascending. */
  async byIds(gids: readonly Gid[]): Promise<GroupWithMembers[]> {
    if (gids.length === 0) return [];
    const rows = await this.db.selectFrom("groups").selectAll().where("gid", "in", [...new Set(gids)]).orderBy("gid").execute();
    return this.withMembersAndPins(rows, false);
  }

  private async withMembersAndPins(rows: GroupRow[], withPins = true): Promise<GroupWithMembers[]> {
    const privateIds = rows.filter((r) => !r.is_public).map((r) => r.gid);
    const members = new Map<Gid, Uid[]>();
    if (privateIds.length > 0) {
      const memberRows = await this.db
        .selectFrom("group_members")
        .select(["gid", "uid"])
        .where("gid", "in", privateIds)
        .orderBy("uid")
        .execute();
      for (const m of memberRows) {
        const list = members.get(m.gid) ?? [];
        list.push(m.uid);
        members.set(m.gid, list);
      }
    }
    const pins = new Map<Gid, PinRow[]>();
    for (const pin of withPins ? await this.pinsOf(rows.map((r) => r.gid)) : []) {
      const list = pins.get(pin.gid) ?? [];
      list.push(pin);
      pins.set(pin.gid, list);
    }
    return rows.map((row) => ({ row, members: members.get(row.gid) ?? [], pins: pins.get(row.gid) ?? [] }));
  }

  /** Just the ids of `visibleTo`, for backlog queries. */
  async visibleIds(uid: Uid): Promise<Gid[]> {
    const rows = await this.db
      .selectFrom("groups")
      .select("gid")
      .where((eb) =>
        eb.or([
          eb("is_public", "=", 1),
          eb("gid", "in", eb.selectFrom("group_members").select("gid").where("uid", "=", uid)),
        ]),
      )
      .execute();
    return rows.map((r) => r.gid);
  }

  /** The pins of these groups, oldest pin first (the `Group` of docs/API.md "Object shapes"). */
  async pinsOf(gids: readonly Gid[]): Promise<PinRow[]> {
    if (gids.length === 0) return [];
    return this.db
      .selectFrom("pinned_messages")
      .selectAll()
      .where("gid", "in", [...gids])
      .orderBy("created_at")
      .orderBy("mid")
      .execute();
  }

  announcement(gid: Gid): Promise<AnnouncementRow | undefined> {
    return this.db.selectFrom("group_announcements").selectAll().where("gid", "=", gid).executeTakeFirst();
  }

  /** Every user id, guests included: the audience of "everyone but these" events. */
  async allUserIds(): Promise<Uid[]> {
    const rows = await this.db.selectFrom("users").select("uid").orderBy("uid").execute();
    return rows.map((r) => r.uid);
  }
}

/** Per-user settings tables whose rows can point at a group (`kind = 'group'`). */
const GROUP_TARGETED_SETTINGS = ["user_mutes", "user_read_indexes", "user_burn_after_reading", "user_pinned_chats"] as const;

/**
 * Removes channels with everything that belongs to them: messages, pins, announcement, invite
 * links, members, and the per-user settings that point at them. Call inside the caller's
 * transaction; the caller publishes the events.
 */
export async function purgeGroups(tx: Db, gids: readonly Gid[]): Promise<void> {
  if (gids.length === 0) return;
  const list = [...gids];
  await tx.deleteFrom("messages").where("target_gid", "in", list).execute();
  await tx.deleteFrom("pinned_messages").where("gid", "in", list).execute();
  await tx.deleteFrom("group_announcements").where("gid", "in", list).execute();
  await tx.deleteFrom("invite_links").where("gid", "in", list).execute();
  for (const table of GROUP_TARGETED_SETTINGS) {
    await tx.deleteFrom(table).where("kind", "=", "group").where("target_id", "in", list).execute();
  }
  await tx.deleteFrom("group_members").where("gid", "in", list).execute();
  await tx.deleteFrom("groups").where("gid", "in", list).execute();
}
