import type { FileExpiryMode } from "@parley/protocol";
import type { AppContext } from "../context.js";
import type { FileRow } from "../repos/files.js";
import { loadSystemCommon } from "../repos/settings.js";

/**
 * The file expiry rule (the admin's `max_file_expiry_mode`, docs/API.md "Files"): which stored
 * files and archive attachments can no longer be served. It sits below the commands because
 * uploads, archives, favorites and the file routes all ask it.
 */

const FILE_EXPIRY_DAYS: Record<FileExpiryMode, number | null> = {
  Off: null,
  Day1: 1,
  Day7: 7,
  Day30: 30,
  Day90: 90,
  Day180: 180,
};

/** Files created before the returned time (ms) are expired under `mode`; null when files never expire. */
export function expiryCutoff(mode: FileExpiryMode, now: number): number | null {
  const days = FILE_EXPIRY_DAYS[mode] ?? null;
  return days === null ? null : now - days * 86_400_000;
}

/** Whether a file can no longer be served: its bytes were deleted, or it is past the admin's expiry. */
export function isExpired(file: Pick<FileRow, "created_at" | "deleted_at">, cutoff: number | null): boolean {
  return file.deleted_at !== null || (cutoff !== null && file.created_at < cutoff);
}

/** The cutoff under the current setting. */
export async function currentExpiryCutoff(ctx: AppContext, now = Date.now()): Promise<number | null> {
  return expiryCutoff((await loadSystemCommon(ctx.repos.config)).max_file_expiry_mode, now);
}

