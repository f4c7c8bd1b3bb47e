import type { Insertable, Selectable } from "kysely";
import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { UserLogTable, UsersTable } from "../db/schema.js";

export type UserRow = Selectable<UsersTable>;
export type UserLogRow = Selectable<UserLogTable>;

/** Visitors asked about per query by `dmPartnersAmong`. */
const DM_PROBE_SLICE = 500;

export class UsersRepo {
  constructor(private readonly db: Db) {}

  byId(uid: Uid): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
  }

  byEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
  }

  byName(name: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("name", "=", name).executeTakeFirst();
  }

  /** Every user but guests, uid ascending: the directory of `GET /user` and `users_snapshot`. */
  listMembers(): Promise<UserRow[]> {
    return this.db.selectFrom("users").selectAll().where("create_by", "!=", "guest").orderBy("uid").execute();
  }

  /** Every user but guests and widget visitors (the members a private channel of "everyone" gets). */
  async memberIds(): Promise<Uid[]> {
    const rows = await this.db.selectFrom("users").select("uid").where("create_by", "not in", ["guest", "widget"]).execute();
    return rows.map((r) => r.uid);
  }

  /**
   * Of the widget visitors `visitors`, those `viewer` has a direct conversation with (docs/API.md
   * "Widget": a member's directory lists only those visitors).
   */
  async dmPartnersAmong(viewer: Uid, visitors: readonly Uid[]): Promise<Set<Uid>> {
    const found = new Set<Uid>();
    // In slices: an `in` list has a bound (SQLite's variables), and each value is one index probe.
    for (let i = 0; i < visitors.length; i += DM_PROBE_SLICE) {
      const slice = visitors.slice(i, i + DM_PROBE_SLICE);
      const low = slice.filter((v) => v < viewer);
      const high = slice.filter((v) => v > viewer);
      if (low.length > 0) {
        const rows = await this.db.selectFrom("messages").select("dm_low").distinct().where("dm_high", "=", viewer).where("dm_low", "in", low).execute();
        for (const r of rows) if (r.dm_low !== null) found.add(Number(r.dm_low));
      }
      if (high.length > 0) {
        const rows = await this.db.selectFrom("messages").select("dm_high").distinct().where("dm_low", "=", viewer).where("dm_high", "in", high).execute();
        for (const r of rows) if (r.dm_high !== null) found.add(Number(r.dm_high));
      }
    }
    return found;
  }

  /** The non-guest users among `uids` (which of them exist as members of the directory). */
  existingIds(uids: readonly Uid[]): Promise<Set<Uid>> {
    return this.idsAmong(uids, "create_by", "!=", "guest");
  }

  async adminIds(): Promise<Uid[]> {
    const rows = await this.db.selectFrom("users").select("uid").where("is_admin", "=", 1).execute();
    return rows.map((r) => r.uid);
  }

  /** The admins among `uids`. */
  adminsAmong(uids: readonly Uid[]): Promise<Set<Uid>> {
    return this.idsAmong(uids, "is_admin", "=", 1);
  }

  private async idsAmong<C extends "create_by" | "is_admin">(uids: readonly Uid[], column: C, op: "=" | "!=", value: UsersTable[C]): Promise<Set<Uid>> {
    if (uids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("users")
      .select("uid")
      .where("uid", "in", [...uids])
      .where(column, op, value as never)
      .execute();
    return new Set(rows.map((r) => r.uid));
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async usersVersion(): Promise<number> {
    const row = await this.db
      .selectFrom("user_log")
      .select((eb) => eb.fn.max<number | null>("log_id").as("v"))
      .executeTakeFirst();
    return Number(row?.v ?? 0);
  }

  /**
   * `POST /user/search`: one non-guest user by exact uid, e-mail (case-insensitive) or name.
   */
  async search(type: "id" | "email" | "name", keyword: string): Promise<UserRow | undefined> {
    let query = this.db.selectFrom("users").selectAll().where("create_by", "!=", "guest");
    if (type === "id") {
      if (!/^[1-9][0-9]{0,15}$/.test(keyword)) return undefined;
      query = query.where("uid", "=", Number(keyword));
    } else if (type === "email") {
      query = query.where("email", "=", keyword.toLowerCase());
    } else {
      query = query.where("name", "=", keyword);
    }
    return query.executeTakeFirst();
  }

  logsAfter(version: number): Promise<UserLogRow[]> {
    return this.db.selectFrom("user_log").selectAll().where("log_id", ">", version).orderBy("log_id").execute();
  }
}

/** Writes that must share the caller's transaction take the transaction handle. */
export async function insertUser(tx: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return tx.insertInto("users").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The fields of a `user_log` entry; what a change did not touch is left out (stored as null). */
export type UserLogEntry = Pick<Insertable<UserLogTable>, "uid" | "action" | "created_at"> &
  Partial<Pick<Insertable<UserLogTable>, "email" | "name" | "gender" | "language" | "is_admin" | "is_bot" | "avatar_updated_at">>;

/** Appends one entry to the directory's change log (`users_log` events, `GET /user` versions). */
export async function insertUserLog(tx: Db, entry: UserLogEntry): Promise<UserLogRow> {
  const values = { email: null, name: null, gender: null, language: null, is_admin: null, is_bot: null, avatar_updated_at: null, ...entry };
  return tx.insertInto("user_log").values(values).returningAll().executeTakeFirstOrThrow();
}
