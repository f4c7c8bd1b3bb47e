import type { AdminFileItem, UploadFileResponse } from "@parley/protocol";
import type { FileMessageRow, FileRow } from "../repos/files.js";

export function presentUpload(file: FileRow): UploadFileResponse {
  return {
    path: file.path,
    size: file.size,
    hash: file.hash,
    image_properties: file.width !== null && file.height !== null ? { width: file.width, height: file.height } : null,
  };
}

/** The lowercase extension of a file name without the dot; "" when there is none. */
export function extensionOf(name: string | null | undefined): string {
  if (!name) return "";
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return "";
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(ext) ? ext : "";
}

/** A row of `GET /admin/system/files`; `expired` when the file's bytes are gone or past the expiry. */
export function presentAdminFile(row: FileMessageRow, expired: boolean): AdminFileItem {
  let props: Record<string, unknown> = {};
  try {
    const parsed: unknown = row.properties ? JSON.parse(row.properties) : null;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) props = parsed as Record<string, unknown>;
  } catch {
    props = {};
  }
  const name = row.filename ?? (typeof props.name === "string" ? props.name : null);
  return {
    mid: row.mid,
    from_uid: row.from_uid,
    gid: row.target_gid,
    // Parley addition: the recipient of a DM (the row names no conversation otherwise).
    target_uid: row.target_gid === null ? row.target_uid : null,
    ext: extensionOf(name),
    content_type: row.content_type ?? "",
    content: row.content ?? "",
    properties: JSON.stringify(props),
    created_at: row.created_at,
    expired,
  };
}
