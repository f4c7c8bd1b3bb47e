import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import { precompile, type Precompiled } from "../db/precompiled.js";

/**
 * The `devices` table: one row per signed-in device of a user (its name and push token). A
 * device without a row has no session: its refresh token is gone and its stream may not connect.
 * Every function takes the database or a transaction.
 */

export interface DeviceRow {
  uid: Uid;
  device: string;
  device_token: string | null;
}

/** Records a sign-in on `device` (or refreshes its push token when it is known already). */
export async function upsertDevice(db: Db, uid: Uid, device: string, deviceToken: string | null, now = Date.now()): Promise<void> {
  await db
    .insertInto("devices")
    .values({ uid, device, device_token: deviceToken, created_at: now })
    .onConflict((oc) => oc.columns(["uid", "device"]).doUpdateSet({ device_token: deviceToken }))
    .execute();
}

/** Whether one (uid, device) has a session, compiled once per database (a reconnect storm asks it thousands of times a second). */
const oneDeviceQueries = new WeakMap<Db, Precompiled<{ uid: Uid; device: string }>>();

function oneDevice(db: Db): Precompiled<{ uid: Uid; device: string }> {
  let q = oneDeviceQueries.get(db);
  if (!q) oneDeviceQueries.set(db, (q = precompile(db.selectFrom("devices").select(["uid", "device"]).where("uid", "=", 0).where("device", "=", ""))));
  return q;
}

/**
 * The values of an `IN` list, the last one repeated up to a power of two: lists of any length
 * make a handful of SQL texts, and SQLite keeps a bounded number of prepared statements by text
 * (db/index.ts).
 */
export function paddedInList<T>(values: Iterable<T>): T[] {
  const list = [...values];
  let size = 1;
  while (size < list.length) size *= 2;
  while (list.length > 0 && list.length < size) list.push(list[list.length - 1]);
  return list;
}

/** How `devicesAmong` names a (user, device) pair. */
export const deviceKey = (uid: Uid, device: string): string => `${uid}\n${device}`;

/** `(uid = ? AND device = ?) OR …` for `size` pairs, compiled once per database and size (a power of two). */
const pairQueries = new WeakMap<Db, Map<number, Precompiled<{ uid: Uid; device: string }>>>();

function devicePairs(db: Db, size: number): Precompiled<{ uid: Uid; device: string }> {
  let bySize = pairQueries.get(db);
  if (!bySize) pairQueries.set(db, (bySize = new Map()));
  let q = bySize.get(size);
  if (!q) {
    const sample = db
      .selectFrom("devices")
      .select(["uid", "device"])
      .where((eb) => eb.or(Array.from({ length: size }, () => eb.and([eb("uid", "=", 0), eb("device", "=", "")]))));
    if (sample.compile().parameters.length !== 2 * size) throw new Error("device pairs statement: unexpected parameters");
    bySize.set(size, (q = precompile(sample)));
  }
  return q;
}

/**
 * Which of these (user, device) pairs have a session, as `deviceKey`s: the one-device check for many
 * streams opening at once (a reconnect storm, docs/PERFORMANCE.md) in one query, a primary-key
 * lookup per pair (`(uid = ? AND device = ?) OR …`). Not `uid IN (…) AND device IN (…)`: that
 * probes every user with every device name, 40–150 µs of SQLite per pair in a batch of hundreds
 * against about 1 µs.
 */
export async function devicesAmong(db: Db, pairs: readonly { uid: Uid; device: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  let rows: { uid: Uid; device: string }[];
  if (pairs.length === 1) rows = (await oneDevice(db).run(db, [pairs[0].uid, pairs[0].device])).rows;
  else {
    const padded = paddedInList(pairs);
    const parameters: unknown[] = [];
    for (const p of padded) parameters.push(p.uid, p.device);
    rows = (await devicePairs(db, padded.length).run(db, parameters)).rows;
  }
  const wanted = new Set(pairs.map((p) => deviceKey(p.uid, p.device)));
  const found = new Set<string>();
  for (const r of rows) {
    const key = deviceKey(r.uid, r.device);
    if (wanted.has(key)) found.add(key);
  }
  return found;
}

/** The devices of `uids`, by user, each user's oldest first. */
export function devicesOf(db: Db, uids: readonly Uid[]): Promise<DeviceRow[]> {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("devices")
    .select(["uid", "device", "device_token"])
    .where("uid", "in", [...uids])
    .orderBy("uid")
    .orderBy("created_at")
    .orderBy("device")
    .execute();
}

/** Forgets one device; answers whether it existed. */
export async function deleteDevice(db: Db, uid: Uid, device: string): Promise<boolean> {
  const res = await db.deleteFrom("devices").where("uid", "=", uid).where("device", "=", device).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Forgets every device of `uid` (account deleted, frozen). */
export async function deleteDevicesOf(db: Db, uid: Uid): Promise<void> {
  await db.deleteFrom("devices").where("uid", "=", uid).execute();
}

/** Sets (or clears) a device's push token; answers whether the device exists. */
export async function setDeviceToken(db: Db, uid: Uid, device: string, token: string | null): Promise<boolean> {
  const res = await db.updateTable("devices").set({ device_token: token }).where("uid", "=", uid).where("device", "=", device).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
