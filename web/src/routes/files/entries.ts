/**
 * The files screen as data: one `FileEntry` per file message, from the server's file list
 * (`GET /admin/system/files`) or from the messages in the store, and the filters over them.
 */
import dayjs from "dayjs";
import { ContentType, type AdminFileItem, type MessageProperties } from "@parley/protocol";
import type { ConvKind, MessagesState } from "../../app/slices/messages";
import { fileFacts, fileKind, type FileKind } from "../../components/MessageList/content/format";

export const FILE_TYPES = ["all", "image", "video", "audio", "doc", "other"] as const;
export type FileType = (typeof FILE_TYPES)[number];
/**
 * The server's `creation_time_type` presets (the file ages of docs/API.md "Files"), plus a custom
 * range.
 */
export const DATE_RANGES = ["any", "Day1", "Day7", "Day30", "Day90", "Day180", "custom"] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export interface Conversation {
  kind: ConvKind;
  id: number;
}

export interface FileEntry {
  mid: number;
  fromUid: number;
  /** Null when it is not known (an admin sees the files of other people's DMs). */
  conv: Conversation | null;
  /** Whether it came from a DM (even when `conv` is unknown). */
  dm: boolean;
  path: string;
  name: string;
  size?: number;
  contentType: string;
  kind: FileKind;
  type: Exclude<FileType, "all">;
  width?: number;
  height?: number;
  createdAt: number;
  expired: boolean;
}

export interface FileFilters {
  type: FileType;
  /** Sender uid. */
  sender: number | null;
  /** `channel:<gid>` or `dm:<uid>`. */
  conv: string | null;
  date: DateRange;
  /** `YYYY-MM-DD`, inclusive, for the custom range. */
  from: string;
  to: string;
  query: string;
}

export const EMPTY_FILTERS: FileFilters = { type: "all", sender: null, conv: null, date: "any", from: "", to: "", query: "" };

export const convKeyOf = (c: Conversation) => `${c.kind}:${c.id}`;

/** The screen's five types: documents gather PDFs, office files, text and code (the server's Doc and PDF). */
export function typeOf(kind: FileKind): Exclude<FileType, "all"> {
  switch (kind) {
    case "image":
    case "video":
    case "audio":
      return kind;
    case "pdf":
    case "doc":
    case "sheet":
    case "slides":
    case "text":
    case "code":
      return "doc";
    default:
      return "other";
  }
}

type EntryBase = Pick<FileEntry, "mid" | "fromUid" | "conv" | "dm" | "path" | "createdAt" | "expired">;

/** An entry from a file message's facts; `audio` marks a voice message (`vocechat/audio`). */
function entry(base: EntryBase, properties: MessageProperties | null, audio: boolean): FileEntry {
  const facts = fileFacts(properties, base.path.split("/").pop() ?? base.path);
  const kind: FileKind = audio ? "audio" : fileKind(facts.contentType, facts.name);
  return { ...base, name: facts.name, size: facts.size, contentType: facts.contentType, width: facts.width, height: facts.height, kind, type: typeOf(kind) };
}

function parseProperties(text: string): MessageProperties | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as MessageProperties) : null;
  } catch {
    return null;
  }
}

/** The DM each stored message belongs to (mid → peer uid), to place the server's DM rows. */
export function dmIndex(messages: Pick<MessagesState, "dm">): Map<number, number> {
  const index = new Map<number, number>();
  for (const [uid, mids] of Object.entries(messages.dm)) for (const mid of mids) index.set(mid, Number(uid));
  return index;
}

/** The other party of a DM row for `me`: from Parley's `target_uid`, else the store; null when not one's own DM. */
function dmPeer(r: AdminFileItem, me: number, dmOf: Map<number, number>): number | undefined {
  if (typeof r.target_uid === "number") {
    if (r.from_uid === me) return r.target_uid;
    if (r.target_uid === me) return r.from_uid;
    return undefined;
  }
  return dmOf.get(r.mid);
}

/** Rows of `GET /admin/system/files`; an admin also sees other people's DMs, which stay unplaced. */
export function fromServerRows(rows: AdminFileItem[], me: number, dmOf: Map<number, number>): FileEntry[] {
  return rows.map((r) => {
    const peer = r.gid === null ? dmPeer(r, me, dmOf) : undefined;
    const conv: Conversation | null = r.gid !== null ? { kind: "channel", id: r.gid } : peer !== undefined ? { kind: "dm", id: peer } : null;
    const base = { mid: r.mid, fromUid: r.from_uid, conv, dm: r.gid === null, path: r.content, createdAt: r.created_at, expired: r.expired };
    return entry(base, parseProperties(r.properties), r.content_type === ContentType.audio);
  });
}

/** The file messages held in the store, newest first (servers without the file list, non-admins). */
export function fromStore(messages: Pick<MessagesState, "byId" | "channel" | "dm">): FileEntry[] {
  const out: FileEntry[] = [];
  for (const kind of ["channel", "dm"] as const) {
    for (const [id, mids] of Object.entries(messages[kind])) {
      for (const mid of mids) {
        const m = messages.byId[mid];
        if (!m || m.sending || (m.content_type !== ContentType.file && m.content_type !== ContentType.audio)) continue;
        const path = m.content.trim();
        if (!path) continue;
        const base = { mid, fromUid: m.from_uid, conv: { kind, id: Number(id) }, dm: kind === "dm", path, createdAt: m.created_at, expired: false };
        out.push(entry(base, m.properties, m.content_type === ContentType.audio));
      }
    }
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || b.mid - a.mid);
}

const PRESET_DAYS: Partial<Record<DateRange, number>> = { Day1: 1, Day7: 7, Day30: 30, Day90: 90, Day180: 180 };

/** The [start, end) window of a date filter in ms; open ends are ±Infinity. */
export function dateWindow(filters: Pick<FileFilters, "date" | "from" | "to">, now: number): [number, number] {
  const days = PRESET_DAYS[filters.date];
  if (days) return [now - days * 86_400_000, Infinity];
  if (filters.date === "custom") {
    const from = filters.from ? dayjs(filters.from).startOf("day") : null;
    const to = filters.to ? dayjs(filters.to).add(1, "day").startOf("day") : null;
    return [from?.isValid() ? from.valueOf() : -Infinity, to?.isValid() ? to.valueOf() : Infinity];
  }
  return [-Infinity, Infinity];
}

export function filterFiles(entries: FileEntry[], filters: FileFilters, now = Date.now()): FileEntry[] {
  const q = filters.query.trim().toLowerCase();
  const [start, end] = dateWindow(filters, now);
  return entries.filter(
    (e) =>
      (filters.type === "all" || e.type === filters.type) &&
      (filters.sender === null || e.fromUid === filters.sender) &&
      (filters.conv === null || (e.conv !== null && convKeyOf(e.conv) === filters.conv)) &&
      e.createdAt >= start &&
      e.createdAt < end &&
      (!q || e.name.toLowerCase().includes(q)),
  );
}

/** How many entries each type keeps, the other filters applied (the chips' counts). */
export function typeCounts(entries: FileEntry[], filters: FileFilters, now = Date.now()): Record<FileType, number> {
  const rest = filterFiles(entries, { ...filters, type: "all" }, now);
  const counts = Object.fromEntries(FILE_TYPES.map((t) => [t, 0])) as Record<FileType, number>;
  counts.all = rest.length;
  for (const e of rest) counts[e.type]++;
  return counts;
}

export const hasFilters = (f: FileFilters) =>
  f.type !== "all" || f.sender !== null || f.conv !== null || f.date !== "any" || f.query.trim() !== "";
