import type { Selectable } from "kysely";
import type { MessageTarget, Uid, UserSettings } from "@parley/protocol";
import type { Db } from "../db/index.js";
import { precompile, type Precompiled } from "../db/precompiled.js";
import type { ChatKind, UserContactsTable } from "../db/schema.js";
import type { UserRow } from "./users.js";

export type ContactRow = Selectable<UserContactsTable>;

/** The (kind, target_id) pair a chat setting is stored under. */
export function chatKey(target: MessageTarget): { kind: ChatKind; target_id: number } {
  return "gid" in target ? { kind: "group", target_id: target.gid } : { kind: "user", target_id: target.uid };
}

export function chatTarget(kind: string, id: number): MessageTarget {
  return kind === "group" ? { gid: id } : { uid: id };
}

/** Reads of the per-user settings tables (mutes, read indexes, burn-after-reading, pins, contacts). */
export class UserSettingsRepo {
  /** `burnAfterReading` runs on every message send: compiled once. */
  private readonly burnOf: Precompiled<{ expires_in: number }>;

  constructor(private readonly db: Db) {
    this.burnOf = precompile(
      db.selectFrom("user_burn_after_reading").select("expires_in").where("uid", "=", 0).where("kind", "=", "group").where("target_id", "=", 0),
    );
  }

  /**
   * The `user_settings` event body of the connect sequence (docs/API.md "Connect sequence", item
   * 4): unexpired mutes, read indexes, burn-after-reading settings and pinned chats, each ordered
   * by target.
   */
  async settingsOf(uid: Uid, now = Date.now()): Promise<UserSettings> {
    const [mutes, reads, burns, pins] = await Promise.all([
      this.db
        .selectFrom("user_mutes")
        .select(["kind", "target_id", "expired_at"])
        .where("uid", "=", uid)
        .where((eb) => eb.or([eb("expired_at", "is", null), eb("expired_at", ">", now)]))
        .orderBy("kind")
        .orderBy("target_id")
        .execute(),
      this.db.selectFrom("user_read_indexes").select(["kind", "target_id", "mid"]).where("uid", "=", uid).orderBy("target_id").execute(),
      this.db
        .selectFrom("user_burn_after_reading")
        .select(["kind", "target_id", "expires_in"])
        .where("uid", "=", uid)
        .orderBy("target_id")
        .execute(),
      this.db
        .selectFrom("user_pinned_chats")
        .select(["kind", "target_id", "updated_at"])
        .where("uid", "=", uid)
        .orderBy("updated_at")
        .orderBy("target_id")
        .execute(),
    ]);
    const users = <T extends { kind: string }>(rows: T[]) => rows.filter((r) => r.kind === "user");
    const groups = <T extends { kind: string }>(rows: T[]) => rows.filter((r) => r.kind === "group");
    return {
      mute_users: users(mutes).map((m) => ({ uid: m.target_id, expired_at: m.expired_at })),
      mute_groups: groups(mutes).map((m) => ({ gid: m.target_id, expired_at: m.expired_at })),
      read_index_users: users(reads).map((r) => ({ uid: r.target_id, mid: r.mid })),
      read_index_groups: groups(reads).map((r) => ({ gid: r.target_id, mid: r.mid })),
      burn_after_reading_users: users(burns).map((b) => ({ uid: b.target_id, expires_in: b.expires_in })),
      burn_after_reading_groups: groups(burns).map((b) => ({ gid: b.target_id, expires_in: b.expires_in })),
      pinned_chats: pins.map((p) => ({ target: chatTarget(p.kind, p.target_id), updated_at: p.updated_at })),
    };
  }

  /**
   * The sender's burn-after-reading setting for a conversation, in seconds, or null: a normal
   * message sent there is stamped with this `expires_in` (docs/API.md "Messages").
   */
  async burnAfterReading(uid: Uid, target: MessageTarget): Promise<number | null> {
    const key = chatKey(target);
    const [row] = (await this.burnOf.run(this.db, [uid, key.kind, key.target_id])).rows;
    return row?.expires_in ?? null;
  }

  /** Whether `uid` has muted the conversation at `now` (push notifications skip muted chats). */
  async isMuted(uid: Uid, target: MessageTarget, now = Date.now()): Promise<boolean> {
    const key = chatKey(target);
    const row = await this.db
      .selectFrom("user_mutes")
      .select("expired_at")
      .where("uid", "=", uid)
      .where("kind", "=", key.kind)
      .where("target_id", "=", key.target_id)
      .executeTakeFirst();
    return row !== undefined && (row.expired_at === null || row.expired_at > now);
  }

  /** `uid`'s contact row about `target`, if any. */
  contact(uid: Uid, target: Uid): Promise<ContactRow | undefined> {
    return this.db.selectFrom("user_contacts").selectAll().where("uid", "=", uid).where("target_uid", "=", target).executeTakeFirst();
  }

  /** `uid`'s added and blocked contacts with the target users, target uid ascending. */
  async contactsOf(uid: Uid): Promise<{ contact: ContactRow; user: UserRow }[]> {
    const rows = await this.db
      .selectFrom("user_contacts as c")
      .innerJoin("users as u", "u.uid", "c.target_uid")
      .selectAll("u")
      .select(["c.status as c_status", "c.remark as c_remark", "c.created_at as c_created_at", "c.updated_at as c_updated_at"])
      .where("c.uid", "=", uid)
      .where("c.status", "in", ["added", "blocked"])
      .where("u.create_by", "!=", "guest")
      .orderBy("c.target_uid")
      .execute();
    return rows.map(({ c_status, c_remark, c_created_at, c_updated_at, ...user }) => ({
      contact: { uid, target_uid: user.uid, status: c_status, remark: c_remark, created_at: c_created_at, updated_at: c_updated_at },
      user,
    }));
  }

  /** `uid`'s non-empty contact remarks (Parley's `GET /user/contact_remarks`), target uid ascending. */
  async remarksOf(uid: Uid): Promise<{ contact_uid: Uid; remark: string }[]> {
    const rows = await this.db
      .selectFrom("user_contacts as c")
      .innerJoin("users as u", "u.uid", "c.target_uid")
      .select(["c.target_uid", "c.remark"])
      .where("c.uid", "=", uid)
      .where("c.remark", "is not", null)
      .where("c.remark", "!=", "")
      .orderBy("c.target_uid")
      .execute();
    return rows.map((r) => ({ contact_uid: r.target_uid, remark: r.remark ?? "" }));
  }
}

/** A per-conversation setting of one user, stored as one row per (user, kind, target). */
type ConversationSetting = { table: "user_mutes"; column: "expired_at"; value: number | null } | { table: "user_burn_after_reading"; column: "expires_in"; value: number };

/**
 * Stores a per-conversation setting (`value` null for a mute without an end); `remove` deletes
 * the row instead. Answers whether anything changed, so callers tell the user's other devices
 * only what did (in `db` or a transaction).
 */
export async function putConversationSetting(db: Db, uid: Uid, kind: ChatKind, targetId: number, setting: ConversationSetting | { table: ConversationSetting["table"]; remove: true }): Promise<boolean> {
  const row = () => db.selectFrom(setting.table).where("uid", "=", uid).where("kind", "=", kind).where("target_id", "=", targetId);
  if ("remove" in setting) {
    const res = await db.deleteFrom(setting.table).where("uid", "=", uid).where("kind", "=", kind).where("target_id", "=", targetId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
  const existing = (await row().select(setting.column).executeTakeFirst()) as Record<string, number | null> | undefined;
  if (existing && existing[setting.column] === setting.value) return false;
  await db
    .insertInto(setting.table)
    .values({ uid, kind, target_id: targetId, [setting.column]: setting.value } as never)
    .onConflict((oc) => oc.columns(["uid", "kind", "target_id"]).doUpdateSet({ [setting.column]: setting.value } as never))
    .execute();
  return true;
}

