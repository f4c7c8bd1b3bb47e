// The four settings tables of a user, read for many users in one statement (the connect path).
import type { Uid, UserSettings } from "@parley/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/index.js";
import { precompile, type Precompiled } from "../../db/precompiled.js";
import { paddedInList } from "../../repos/devices.js";
import { chatTarget } from "../../repos/userSettings.js";

export const emptySettings = (): UserSettings => ({
  mute_users: [],
  mute_groups: [],
  read_index_users: [],
  read_index_groups: [],
  burn_after_reading_users: [],
  burn_after_reading_groups: [],
  pinned_chats: [],
});

/** A row of the four settings tables as one statement reads them: `t` names the table. */
interface SettingsRow {
  uid: Uid;
  t: string;
  kind: string;
  target_id: number;
  v: number | null;
}

/**
 * The four settings tables of `uids` in one statement (a UNION ALL; `settingsOf` runs four).
 * For one user, the usual case outside a storm, it is compiled once per database.
 */
function settingsStatement(db: Db, uids: readonly Uid[], now: number) {
  const mine = uids.length === 1 ? sql<boolean>`uid = ${uids[0]}` : sql<boolean>`uid in (${sql.join(uids)})`;
  return db
    .selectFrom("user_mutes")
    .select(["uid", sql.lit("m").as("t"), "kind", "target_id", sql<number | null>`expired_at`.as("v")])
    .where(mine)
    .where((eb) => eb.or([eb("expired_at", "is", null), eb("expired_at", ">", now)]))
    .unionAll(db.selectFrom("user_read_indexes").select(["uid", sql.lit("r").as("t"), "kind", "target_id", sql<number | null>`mid`.as("v")]).where(mine))
    .unionAll(db.selectFrom("user_burn_after_reading").select(["uid", sql.lit("b").as("t"), "kind", "target_id", sql<number | null>`expires_in`.as("v")]).where(mine))
    .unionAll(db.selectFrom("user_pinned_chats").select(["uid", sql.lit("p").as("t"), "kind", "target_id", sql<number | null>`updated_at`.as("v")]).where(mine));
}

const oneUserSettings = new WeakMap<Db, Precompiled<SettingsRow>>();

async function settingsRows(db: Db, uids: readonly Uid[], now: number): Promise<SettingsRow[]> {
  if (uids.length !== 1) return settingsStatement(db, uids, now).execute();
  let q = oneUserSettings.get(db);
  if (!q) {
    const sample = settingsStatement(db, [0], 0);
    // Parameters in order: the user and `now` for the mutes, then the user for each other table.
    if (sample.compile().parameters.length !== 5) throw new Error("settings statement: unexpected parameters");
    oneUserSettings.set(db, (q = precompile<SettingsRow>(sample)));
  }
  return (await q.run(db, [uids[0], now, uids[0], uids[0], uids[0]])).rows;
}

const byKindThenTarget = (a: SettingsRow, b: SettingsRow) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.target_id - b.target_id);
const byTarget = (a: SettingsRow, b: SettingsRow) => a.target_id - b.target_id;
const byValueThenTarget = (a: SettingsRow, b: SettingsRow) => Number(a.v) - Number(b.v) || a.target_id - b.target_id;

/** One user's rows as `settingsOf` orders and presents them. */
function settingsFrom(rows: SettingsRow[]): UserSettings {
  const s = emptySettings();
  const of = (t: string, order: (a: SettingsRow, b: SettingsRow) => number) => rows.filter((r) => r.t === t).sort(order);
  for (const m of of("m", byKindThenTarget)) {
    const expired_at = m.v === null ? null : Number(m.v);
    if (m.kind === "user") s.mute_users.push({ uid: m.target_id, expired_at });
    else if (m.kind === "group") s.mute_groups.push({ gid: m.target_id, expired_at });
  }
  for (const r of of("r", byTarget)) {
    if (r.kind === "user") s.read_index_users.push({ uid: r.target_id, mid: Number(r.v) });
    else if (r.kind === "group") s.read_index_groups.push({ gid: r.target_id, mid: Number(r.v) });
  }
  for (const b of of("b", byTarget)) {
    if (b.kind === "user") s.burn_after_reading_users.push({ uid: b.target_id, expires_in: Number(b.v) });
    else if (b.kind === "group") s.burn_after_reading_groups.push({ gid: b.target_id, expires_in: Number(b.v) });
  }
  for (const p of of("p", byValueThenTarget)) s.pinned_chats.push({ target: chatTarget(p.kind, p.target_id), updated_at: Number(p.v) });
  return s;
}

/**
 * `UserSettingsRepo.settingsOf(uid, now)` for each of `uids`, in one statement: the same entries
 * in the same order (connect.test.ts compares the two).
 */
export async function settingsOfMany(db: Db, uids: readonly Uid[], now: number): Promise<Map<Uid, UserSettings>> {
  const unique = [...new Set(uids)];
  const out = new Map<Uid, UserSettings>();
  if (unique.length === 0) return out;
  const byUser = new Map<Uid, SettingsRow[]>(unique.map((uid) => [uid, []]));
  for (const row of await settingsRows(db, unique.length === 1 ? unique : paddedInList(unique), now)) byUser.get(row.uid)?.push(row);
  for (const [uid, rows] of byUser) out.set(uid, settingsFrom(rows));
  return out;
}
