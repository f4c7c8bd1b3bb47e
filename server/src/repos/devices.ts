import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";

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

/** Whether `device` of `uid` has a session. */
export async function hasDevice(db: Db, uid: Uid, device: string): Promise<boolean> {
  const row = await db.selectFrom("devices").select("uid").where("uid", "=", uid).where("device", "=", device).executeTakeFirst();
  return row !== undefined;
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
