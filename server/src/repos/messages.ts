import { sql, type Insertable, type Selectable } from "kysely";
import type { Gid, Mid, MessageProperties, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { Dialect } from "../db/migrate.js";
import { MessageAppender, type AlsoInTransaction, type NewMessage } from "./messageAppender.js";
import type { ArchivesTable, MessagesTable } from "../db/schema.js";

export type MessageRow = Selectable<MessagesTable>;
export type ArchiveRow = Selectable<ArchivesTable>;

/** The content triple of a normal or reply message as it is now, after any edits. */
export interface CurrentContent {
  content_type: string;
  content: string;
  properties: MessageProperties | null;
}

/** Only normal and reply messages have content: they can be edited, reacted to, replied to. */
export const hasContent = (m: MessageRow): boolean => m.kind === "normal" || m.kind === "reply";

/** The merged content of a message: the last edit's, else the original. */
export function currentContent(m: MessageRow): CurrentContent {
  const edited = m.edited_content_type !== null;
  const properties = edited ? m.edited_properties : m.properties;
  return {
    content_type: (edited ? m.edited_content_type : m.content_type) ?? "text/plain",
    content: (edited ? m.edited_content : m.content) ?? "",
    properties: properties ? (JSON.parse(properties) as MessageProperties) : null,
  };
}

/**
 * Which messages the full-text index covers (the current content of text normal and reply
 * messages). The same text is the partial-index predicate of migration 030 on PostgreSQL, so
 * the planner can use that index.
 */
const SEARCHABLE = sql.raw(
  "kind IN ('normal', 'reply') AND coalesce(edited_content_type, content_type) IN ('text/plain', 'text/markdown')",
);

/** Where a search looks: one conversation, or everything `uid` may read (`gids` + its DMs). */
export type SearchScope = Conversation | { reader: Uid; gids: readonly Gid[] };

export interface SearchQuery {
  keyword: string;
  scope: SearchScope;
  before: Mid | null;
  limit: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A conversation as the history routes address it. */
export type Conversation = { gid: Gid } | { dm: [Uid, Uid] };

export const dmPair = (a: Uid, b: Uid): [Uid, Uid] => (a < b ? [a, b] : [b, a]);

export class MessagesRepo {
  private readonly appender: MessageAppender;

  constructor(private readonly db: Db) {
    this.appender = new MessageAppender(db);
  }

  /**
   * Stores a new message through the group commit (`MessageAppender`), with `also`'s writes in
   * its transaction; resolves once durable.
   */
  append(values: NewMessage, also?: AlsoInTransaction): Promise<MessageRow> {
    return this.appender.append(values, also);
  }

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

  /** Of `mids`, the messages `uid` may see (DMs with them, the channels `gids`), ascending. */
  visibleAmong(uid: Uid, gids: readonly Gid[], mids: readonly Mid[]): Promise<MessageRow[]> {
    if (mids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("mid", "in", [...mids])
      .where((eb) => {
        const audience = [eb("dm_low", "=", uid), eb("dm_high", "=", uid)];
        if (gids.length > 0) audience.push(eb("target_gid", "in", [...gids]));
        return eb.or(audience);
      })
      .orderBy("mid", "asc")
      .execute();
  }

  /** Burn-after-reading messages due at `now`, the earliest first (served by `messages_expiry`). */
  expiredAt(now: number, limit: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("expires_at", "<=", now)
      .orderBy("expires_at")
      .limit(limit)
      .execute();
  }

  archive(path: string): Promise<ArchiveRow | undefined> {
    return this.db.selectFrom("archives").selectAll().where("path", "=", path).executeTakeFirst();
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

/**
 * Full-text search over the current content, newest first. SQLite uses the FTS5 trigram index
 * (a quoted phrase is a substring match); keywords under three characters, which have no
 * trigram, fall back to LIKE. PostgreSQL uses ILIKE, which the pg_trgm GIN index serves.
 */
export function searchMessages(db: Db, dialect: Dialect, q: SearchQuery): Promise<MessageRow[]> {
  let query = db.selectFrom("messages").selectAll().where(sql<boolean>`${SEARCHABLE}`);
  const pattern = `%${escapeLike(q.keyword)}%`;
  if (dialect === "postgres") {
    query = query.where(sql<boolean>`coalesce(edited_content, content) ILIKE ${pattern}`);
  } else if ([...q.keyword].length >= 3) {
    const phrase = `"${q.keyword.replaceAll('"', '""')}"`;
    query = query.where(sql<boolean>`mid IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${phrase})`);
  } else {
    query = query.where(sql<boolean>`coalesce(edited_content, content) LIKE ${pattern} ESCAPE '\\'`);
  }
  const scope = q.scope;
  if ("gid" in scope) query = query.where("target_gid", "=", scope.gid);
  else if ("dm" in scope) query = query.where("dm_low", "=", scope.dm[0]).where("dm_high", "=", scope.dm[1]);
  else {
    query = query.where((eb) => {
      const readable = [eb("dm_low", "=", scope.reader), eb("dm_high", "=", scope.reader)];
      if (scope.gids.length > 0) readable.push(eb("target_gid", "in", [...scope.gids]));
      return eb.or(readable);
    });
  }
  if (q.before !== null) query = query.where("mid", "<", q.before);
  return query.orderBy("mid", "desc").limit(q.limit).execute();
}

/**
 * Removes a message for good: its reactions (edits carry content, likes point at it) and the
 * row itself; the search index follows through triggers (SQLite) or the index (PostgreSQL).
 * Returns the removed row, or undefined when it was already gone (a concurrent delete).
 */
export async function removeMessage(tx: Db, mid: Mid): Promise<MessageRow | undefined> {
  const row = await tx.deleteFrom("messages").where("mid", "=", mid).returningAll().executeTakeFirst();
  if (row) await tx.deleteFrom("messages").where("ref_mid", "=", mid).where("kind", "=", "reaction").execute();
  return row;
}

export function insertMessage(tx: Db, values: Insertable<MessagesTable>): Promise<MessageRow> {
  return tx.insertInto("messages").values(values).returningAll().executeTakeFirstOrThrow();
}
