import type { Insertable, Selectable } from "kysely";
import type { Gid, Mid, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { MessagesTable } from "../db/schema.js";

export type MessageRow = Selectable<MessagesTable>;

/** A conversation as the history routes address it. */
export type Conversation = { gid: Gid } | { dm: [Uid, Uid] };

export const dmPair = (a: Uid, b: Uid): [Uid, Uid] => (a < b ? [a, b] : [b, a]);

export class MessagesRepo {
  constructor(private readonly db: Db) {}

  byId(mid: Mid): Promise<MessageRow | undefined> {
    return this.db.selectFrom("messages").selectAll().where("mid", "=", mid).executeTakeFirst();
  }

  /** The newest `limit` messages of a conversation older than `before`, returned ascending. */
  async history(conv: Conversation, before: Mid | null, limit: number): Promise<MessageRow[]> {
    let query = this.db.selectFrom("messages").selectAll();
    query =
      "gid" in conv
        ? query.where("target_gid", "=", conv.gid)
        : query.where("dm_low", "=", conv.dm[0]).where("dm_high", "=", conv.dm[1]);
    if (before !== null) query = query.where("mid", "<", before);
    const rows = await query.orderBy("mid", "desc").limit(limit).execute();
    return rows.reverse();
  }

  /**
   * Messages addressed to `uid` after `afterMid`: the groups it can see and its DMs. Returns up
   * to `limit + 1` of the newest rows, descending, so the caller can tell a truncated backlog.
   */
  backlogNewestFirst(uid: Uid, gids: readonly Gid[], afterMid: Mid, limit: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("mid", ">", afterMid)
      .where((eb) => {
        const audience = [eb("dm_low", "=", uid), eb("dm_high", "=", uid)];
        if (gids.length > 0) audience.push(eb("target_gid", "in", [...gids]));
        return eb.or(audience);
      })
      .orderBy("mid", "desc")
      .limit(limit + 1)
      .execute();
  }

  async countBetween(uid: Uid, gids: readonly Gid[], afterMid: Mid, beforeMid: Mid): Promise<number> {
    const row = await this.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("mid", ">", afterMid)
      .where("mid", "<", beforeMid)
      .where((eb) => {
        const audience = [eb("dm_low", "=", uid), eb("dm_high", "=", uid)];
        if (gids.length > 0) audience.push(eb("target_gid", "in", [...gids]));
        return eb.or(audience);
      })
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

export function insertMessage(tx: Db, values: Insertable<MessagesTable>): Promise<MessageRow> {
  return tx.insertInto("messages").values(values).returningAll().executeTakeFirstOrThrow();
}
