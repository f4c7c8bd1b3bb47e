import type { Insertable } from "kysely";
import type { Db } from "../db/index.js";
import { precompile, type Precompiled } from "../db/precompiled.js";
import type { MessagesTable } from "../db/schema.js";
import type { MessageRow } from "./messages.js";

/**
 * More writes for a new message, in its transaction (the webhook outbox: server/src/webhooks/):
 * they commit with it or not at all.
 */
export type AlsoInTransaction = (tx: Db, row: MessageRow) => Promise<void>;

interface Pending {
  values: NewMessage;
  also: AlsoInTransaction | undefined;
  resolve: (row: MessageRow) => void;
  reject: (error: unknown) => void;
}

/**
 * GROUP COMMIT for new messages (sends and replies, the write hot path).
 *
 * A commit costs more than the insert it carries: on SQLite each one writes its pages (the
 * row, its indexes and a fresh FTS5 segment) to the WAL, about 3× the cost of the insert
 * itself; on PostgreSQL it is a WAL flush. So the inserts asked for during one turn of the
 * event loop (every request whose bytes arrived in the same poll phase reaches here within
 * its microtasks) are written in one transaction, flushed by `setImmediate` right after that
 * phase, and each caller gets its row (its mid) only once the transaction has committed: a
 * mid is never acknowledged before it is durable. A lone insert pays nothing extra (one with
 * `also` writes, webhook deliveries, is a transaction of its own).
 *
 * Order: rows are inserted in arrival order, so mids follow it, and callers resume in mid
 * order. Isolation: if the batch fails (a row breaking a constraint, a lost connection), each
 * of its rows is retried on its own, so one bad row fails only its own request.
 */
/** Every column a new message sets, in the order of the precompiled insert's parameters. */
const COLUMNS = [
  "from_uid",
  "target_uid",
  "target_gid",
  "dm_low",
  "dm_high",
  "kind",
  "ref_mid",
  "content_type",
  "content",
  "properties",
  "expires_in",
  "reaction",
  "created_at",
  "expires_at",
] as const satisfies readonly (keyof Insertable<MessagesTable>)[];

/** A new message: every column but the generated mid and the edit columns an edit sets later. */
export type NewMessage = Omit<Insertable<MessagesTable>, "mid" | "edited_content_type" | "edited_content" | "edited_properties">;

export class MessageAppender {
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly insert: Precompiled<MessageRow>;

  constructor(private readonly db: Db) {
    const sample = Object.fromEntries(COLUMNS.map((c) => [c, null])) as unknown as Insertable<MessagesTable>;
    this.insert = precompile(db.insertInto("messages").values(sample).returningAll());
  }

  /** One insert; a column the caller left out is NULL, as its default is. */
  private async insertOne(db: Db, values: NewMessage): Promise<MessageRow> {
    const { rows } = await this.insert.run(
      db,
      COLUMNS.map((c) => values[c] ?? null),
    );
    return rows[0];
  }

  private async insertWith(tx: Db, item: Pending): Promise<MessageRow> {
    const row = await this.insertOne(tx, item.values);
    if (item.also) await item.also(tx, row);
    return row;
  }

  /** One message on its own: a transaction only when it carries more writes. */
  private insertAlone(item: Pending): Promise<MessageRow> {
    if (!item.also) return this.insertOne(this.db, item.values);
    return this.db.transaction().execute((tx) => this.insertWith(tx, item));
  }

  append(values: NewMessage, also?: AlsoInTransaction): Promise<MessageRow> {
    return new Promise((resolve, reject) => {
      this.pending.push({ values, also, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    if (batch.length === 1) {
      const [one] = batch;
      await this.insertAlone(one).then(one.resolve, one.reject);
      return;
    }
    let rows: MessageRow[];
    try {
      rows = await this.db.transaction().execute(async (tx) => {
        const out: MessageRow[] = [];
        for (const item of batch) out.push(await this.insertWith(tx, item));
        return out;
      });
    } catch {
      for (const item of batch) await this.insertAlone(item).then(item.resolve, item.reject);
      return;
    }
    batch.forEach((item, i) => item.resolve(rows[i]));
  }
}
