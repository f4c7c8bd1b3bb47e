import type { Selectable } from "kysely";
import type { Gid, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { GroupsTable } from "../db/schema.js";

export type GroupRow = Selectable<GroupsTable>;
export interface GroupWithMembers {
  row: GroupRow;
  /** Explicit members; empty for public groups, where every user is implicitly one. */
  members: Uid[];
}

export class GroupsRepo {
  constructor(private readonly db: Db) {}

  async byId(gid: Gid): Promise<GroupWithMembers | undefined> {
    const row = await this.db.selectFrom("groups").selectAll().where("gid", "=", gid).executeTakeFirst();
    if (!row) return undefined;
    return { row, members: row.is_public ? [] : await this.memberIds(gid) };
  }

  async memberIds(gid: Gid): Promise<Uid[]> {
    const rows = await this.db.selectFrom("group_members").select("uid").where("gid", "=", gid).orderBy("uid").execute();
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
    const rows = await query.orderBy("gid").execute();
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
    return rows.map((row) => ({ row, members: members.get(row.gid) ?? [] }));
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
}
