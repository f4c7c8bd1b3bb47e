import { sql } from "kysely";
import type { Gid, Mid, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";

/** One of a bot's conversations as stored: a channel (`gid`) or a DM (its ordered pair). */
export interface BotConversationRow {
  gid: Gid | null;
  dm_low: Uid | null;
  dm_high: Uid | null;
  last_mid: Mid;
  last_created_at: number;
}

/**
 * The conversations `bot` takes part in, the most recently active first, those whose newest
 * message is older than `before`: its DMs, and the channels it is a listed member of or has
 * posted in (a public channel counts everyone as a member, so membership alone would list
 * every public channel for every bot). The same SQL on SQLite and PostgreSQL.
 */
export async function botConversations(db: Db, bot: Uid, before: Mid | null, limit: number): Promise<BotConversationRow[]> {
  const { rows } = await sql<BotConversationRow>`
    SELECT c.gid, c.dm_low, c.dm_high, c.last_mid, m.created_at AS last_created_at
    FROM (
      SELECT NULL AS gid, dm_low, dm_high, MAX(mid) AS last_mid
      FROM messages
      WHERE dm_low = ${bot} OR dm_high = ${bot}
      GROUP BY dm_low, dm_high
      UNION ALL
      SELECT target_gid AS gid, NULL AS dm_low, NULL AS dm_high, MAX(mid) AS last_mid
      FROM messages
      WHERE target_gid IN (
        SELECT gid FROM group_members WHERE uid = ${bot}
        UNION
        SELECT target_gid FROM messages WHERE from_uid = ${bot} AND target_gid IS NOT NULL
      )
      GROUP BY target_gid
    ) c
    JOIN messages m ON m.mid = c.last_mid
    WHERE ${before === null ? sql`1 = 1` : sql`c.last_mid < ${before}`}
    ORDER BY c.last_mid DESC
    LIMIT ${limit}
  `.execute(db);
  // PostgreSQL's aggregates come back as int8: numbers here (db/index.ts), but coerce to be sure.
  return rows.map((r) => ({ ...r, last_mid: Number(r.last_mid), last_created_at: Number(r.last_created_at) }));
}

/** Every bot account, uid ascending. */
export function listBots(db: Db) {
  return db.selectFrom("users").selectAll().where("is_bot", "=", 1).where("create_by", "!=", "guest").orderBy("uid").execute();
}
