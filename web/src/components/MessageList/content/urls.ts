/**
 * Resource URLs of message content (docs/API.md "Files", "Archives"). Files and archive attachments
 * are served without a session, so they are plain URLs for `<img>`, `<video>` and download links.
 */
const API = "/api/resource";

export function fileUrl(path: string, opts: { thumbnail?: boolean; download?: boolean } = {}): string {
  const q = new URLSearchParams({ file_path: path });
  if (opts.thumbnail) q.set("thumbnail", "true");
  if (opts.download) q.set("download", "true");
  return `${API}/file?${q}`;
}

export function archiveUrl(path: string): string {
  return `${API}/archive?${new URLSearchParams({ file_path: path })}`;
}

export function archiveAttachmentUrl(path: string, attachmentId: number, download = false): string {
  const q = new URLSearchParams({ file_path: path, attachment_id: String(attachmentId) });
  if (download) q.set("download", "true");
  return `${API}/archive/attachment?${q}`;
}
