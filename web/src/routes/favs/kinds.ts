/** What a saved item holds, for the kind filter of `/favs`. */
import { ContentType, type Archive, type ArchiveMessage } from "@parley/protocol";
import { fileFacts, fileKind } from "../../components/MessageList/content/format";

export const FAV_KINDS = ["all", "text", "image", "video", "audio", "file"] as const;
export type FavKind = (typeof FAV_KINDS)[number];

/** One archived message's kind: text for text and markdown; a file by its content type. */
export function messageKind(msg: ArchiveMessage): Exclude<FavKind, "all"> {
  if (msg.content_type === ContentType.file || msg.content_type === ContentType.audio) {
    const { contentType, name } = fileFacts(msg.properties, "");
    const kind = fileKind(contentType, name);
    if (msg.content_type === ContentType.audio) return "audio";
    return kind === "image" || kind === "video" || kind === "audio" ? kind : "file";
  }
  return "text";
}

/** The kinds a saved item holds (a saved item may hold several messages). */
export function archiveKinds(archive: Archive): Set<Exclude<FavKind, "all">> {
  return new Set(archive.messages.map(messageKind));
}

export const matchesKind = (archive: Archive | undefined, kind: FavKind) => kind === "all" || (!!archive && archiveKinds(archive).has(kind));
