import type { Gid, Uid } from "@parley/protocol";

/**
 * VoceChat's data layout (docs/API.md "Files", storage layout), as storage keys:
 *
 * ```
 * upload/tmp/<file_id>/<seq>          chunks of an upload in progress (Parley: one object per chunk)
 * upload/file/<Y>/<M>/<D>/<uuid>      finished uploads; month and day are not zero-padded
 * upload/thumbnail/<Y>/<M>/<D>/<uuid> their thumbnails
 * avatar/<uid>.png, group_avatar/<gid>.png, organization.png
 * archive_msgs/<Y>/<M>/<D>/<uuid>/<n> attachment n of a forwarded-messages archive (VoceChat: one ZIP file)
 * favorite/<uid>/<uuid>/<n>           attachment n of a user's favorite (VoceChat: one ZIP file)
 * ```
 */
export const UPLOAD_TMP_PREFIX = "upload/tmp/";
export const ORGANIZATION_LOGO_KEY = "organization.png";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
/** A `file_id`: a lowercase UUID v4. */
export const FILE_ID = new RegExp(`^${UUID}$`);
/**
 * The only shape a file path may have: `Y/M/D/<uuid>` with an unpadded month (1–12) and day
 * (1–31). Anything else (`..`, `/`, `%2e`, absolute paths, other names) is rejected before the
 * store is asked, so a path can never leave `upload/file/`.
 */
export const FILE_PATH = new RegExp(`^[0-9]{4}/(?:[1-9]|1[0-2])/(?:[1-9]|[12][0-9]|3[01])/${UUID}$`);

export const isFilePath = (value: string): boolean => FILE_PATH.test(value);

/** `Y/M/D/<file_id>` for an upload finished at `now` (UTC date, unpadded). */
export function filePathFor(fileId: string, now: number): string {
  const d = new Date(now);
  return `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()}/${fileId}`;
}

export const fileKey = (filePath: string): string => `upload/file/${filePath}`;
export const thumbnailKey = (filePath: string): string => `upload/thumbnail/${filePath}`;
export const uploadPrefix = (fileId: string): string => `${UPLOAD_TMP_PREFIX}${fileId}/`;
/** Chunk objects sort by key in arrival order. */
export const chunkKey = (fileId: string, seq: number): string => `${uploadPrefix(fileId)}${String(seq).padStart(8, "0")}`;
export const avatarKey = (uid: Uid): string => `avatar/${uid}.png`;
export const groupAvatarKey = (gid: Gid): string => `group_avatar/${gid}.png`;
/** The attachments of the archive at `archivePath` (`Y/M/D/<uuid>`), as a prefix. */
export const archivePrefix = (archivePath: string): string => `archive_msgs/${archivePath}/`;
export const FAVORITES_PREFIX = "favorite/";
/** Every favorite attachment of a user, as a prefix. */
export const userFavoritesPrefix = (uid: Uid): string => `${FAVORITES_PREFIX}${uid}/`;
/** The attachments of one favorite, as a prefix. */
export const favoritePrefix = (uid: Uid, id: string): string => `${userFavoritesPrefix(uid)}${id}/`;
/** Attachment `index` under an archive's or a favorite's prefix. */
export const attachmentKey = (prefix: string, index: number): string => `${prefix}${index}`;
