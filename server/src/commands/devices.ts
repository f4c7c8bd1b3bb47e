import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { notFound, unauthorized } from "../http/errors.js";
import { deleteDevice, devicesOf, setDeviceToken } from "../repos/devices.js";

/** A user's own devices (`/user/devices`, `/user/device_token`): list, sign out, push token. */

/** The caller's devices (those with a session), oldest first. */
export async function listDevices(ctx: AppContext, uid: Uid): Promise<string[]> {
  return (await devicesOf(ctx.db, [uid])).map((r) => r.device);
}

/**
 * Signs one of the caller's devices out: its device row and refresh token go and its stream
 * is kicked with `delete_device`. An unknown device is a 401, as in VoceChat (docs/API.md "Users").
 */
export async function removeDevice(ctx: AppContext, uid: Uid, device: string): Promise<void> {
  const removed = await ctx.db.transaction().execute(async (tx) => {
    const existed = await deleteDevice(tx, uid, device);
    await tx.deleteFrom("refresh_tokens").where("uid", "=", uid).where("device", "=", device).execute();
    return existed;
  });
  if (!removed) throw unauthorized("no such device");
  ctx.bus.publish({ type: "kick", reason: "delete_device" }, { kind: "device", uid, device });
}

/** Sets (or clears, with null) the push token of one of the caller's devices; 404 when unknown. */
export async function updateDeviceToken(ctx: AppContext, uid: Uid, device: string, token: string | null): Promise<void> {
  if (!(await setDeviceToken(ctx.db, uid, device, token))) throw notFound("no such device");
}
