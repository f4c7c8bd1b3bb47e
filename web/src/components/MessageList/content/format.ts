/**
 * Pure helpers for file content: sizes, kinds and thumbnail geometry (docs/ARCHITECTURE.md "Client
 * rules").
 */
import { THUMBNAIL_MAX, THUMBNAIL_MIN, type MessageProperties } from "@parley/protocol";
export { formatFileSize } from "../../../utils/fileSize";

export type FileKind = "image" | "video" | "audio" | "pdf" | "archive" | "code" | "doc" | "sheet" | "slides" | "text" | "other";

const EXT_KIND: Record<string, FileKind> = {
  pdf: "pdf",
  zip: "archive", rar: "archive", "7z": "archive", gz: "archive", tgz: "archive", tar: "archive", bz2: "archive", xz: "archive",
  js: "code", jsx: "code", ts: "code", tsx: "code", py: "code", rb: "code", go: "code", rs: "code", java: "code", kt: "code", c: "code", h: "code", cpp: "code",
  cs: "code", php: "code", sh: "code", swift: "code", sql: "code", json: "code", yaml: "code", yml: "code", toml: "code", xml: "code", html: "code", css: "code",
  doc: "doc", docx: "doc", odt: "doc", rtf: "doc", pages: "doc",
  xls: "sheet", xlsx: "sheet", ods: "sheet", csv: "sheet", numbers: "sheet",
  ppt: "slides", pptx: "slides", odp: "slides", key: "slides",
  txt: "text", md: "text", log: "text",
  png: "image", jpg: "image", jpeg: "image", gif: "image", webp: "image", svg: "image", avif: "image", heic: "image",
  mp4: "video", webm: "video", mov: "video", mkv: "video", avi: "video",
  mp3: "audio", wav: "audio", ogg: "audio", m4a: "audio", flac: "audio", aac: "audio", opus: "audio",
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** What a file is, for its icon and player: by content type, else by the name's extension. */
export function fileKind(contentType: string | null | undefined, name = ""): FileKind {
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (type === "application/pdf") return "pdf";
  const byExt = EXT_KIND[extensionOf(name)];
  if (byExt) return byExt;
  if (/zip|compressed|x-tar|gzip/.test(type)) return "archive";
  if (/spreadsheet|excel/.test(type)) return "sheet";
  if (/presentation|powerpoint/.test(type)) return "slides";
  if (/word|opendocument\.text|rtf/.test(type)) return "doc";
  if (type.startsWith("text/")) return "text";
  return "other";
}

/**
 * Image types the server cannot thumbnail and browsers cannot show (raw camera formats and HEIC;
 * docs/API.md "Files").
 */
const NOT_THUMBNAILED = /^image\/(x-canon-cr2|x-canon-cr3|x-nikon-nef|x-sony-arw|x-adobe-dng|x-fuji-raf|x-olympus-orf|x-panasonic-rw2|x-pentax-pef|x-samsung-srw|heic|heif)$/i;

/** Types every browser draws, so a picture of one is shown even when its size was not sent. */
const WEB_IMAGES = /^image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)$/i;

/**
 * Whether a file is shown as a picture: an image with known dimensions (the web client sends
 * them) or of a type every browser draws — never a raw camera format.
 */
export function isPicture(contentType: string | null | undefined, width?: number | null, height?: number | null): boolean {
  const type = (contentType ?? "").toLowerCase();
  if (!type.startsWith("image/") || NOT_THUMBNAILED.test(type)) return false;
  return (!!width && !!height && width > 0 && height > 0) || WEB_IMAGES.test(type);
}

/** GIFs are shown from the original (their thumbnail is a still frame). */
export const usesThumbnail = (contentType: string | null | undefined) => (contentType ?? "").toLowerCase() !== "image/gif";

/** The thinnest side a thumbnail box keeps; a panorama is cropped rather than drawn 8 px tall. */
const MIN_SIDE = 64;

/**
 * The thumbnail box for an image of `width`×`height`: the longer side within the client's bounds
 * (200–320 px), the aspect ratio kept. Known before the image loads, so the list does not jump.
 */
export function thumbnailSize(width: number, height: number, bounds = { min: THUMBNAIL_MIN, max: THUMBNAIL_MAX }): { width: number; height: number } {
  const longer = Math.max(width, height);
  const target = Math.min(bounds.max, Math.max(bounds.min, longer));
  const scale = target / longer;
  return {
    width: Math.max(MIN_SIDE, Math.round(width * scale)),
    height: Math.max(MIN_SIDE, Math.round(height * scale)),
  };
}

/** The file facts of a `vocechat/file` message's properties (names as the web client sends them). */
export interface FileFacts {
  name: string;
  size?: number;
  contentType: string;
  width?: number;
  height?: number;
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

export function fileFacts(properties: MessageProperties | null | undefined, fallbackName: string): FileFacts {
  const p = (properties ?? {}) as Record<string, unknown>;
  return {
    name: str(p.name)?.trim() || fallbackName,
    size: num(p.size),
    contentType: str(p.content_type) ?? "application/octet-stream",
    width: num(p.width),
    height: num(p.height),
  };
}
