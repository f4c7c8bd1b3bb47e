/** The files screen's data: entries from the server list and the store, and the filters. */
import { describe, expect, it } from "vitest";
import type { AdminFileItem } from "@parley/protocol";
import { dateWindow, dmIndex, EMPTY_FILTERS, filterFiles, fromServerRows, fromStore, hasFilters, typeCounts, typeOf } from "./entries";

const NOW = Date.UTC(2026, 2, 15, 12);
const DAY = 86_400_000;

const row = (mid: number, over: Partial<AdminFileItem> & { name: string; type: string; size?: number }): AdminFileItem => ({
  mid,
  from_uid: over.from_uid ?? 1,
  gid: over.gid === undefined ? 1 : over.gid,
  ext: over.name.split(".").pop() ?? "",
  content_type: over.content_type ?? "vocechat/file",
  content: `2026/3/15/uuid-${mid}`,
  properties: JSON.stringify({ name: over.name, content_type: over.type, size: over.size ?? 1000 }),
  created_at: over.created_at ?? NOW - mid * 1000,
  expired: over.expired ?? false,
});

const ROWS = [
  row(1, { name: "Roadmap.pdf", type: "application/pdf", size: 2_500_000 }),
  row(2, { name: "team photo.JPG", type: "image/jpeg", from_uid: 2 }),
  row(3, { name: "demo.mp4", type: "video/mp4", gid: null, from_uid: 2, created_at: NOW - 10 * DAY }),
  row(4, { name: "voice", type: "audio/webm", content_type: "vocechat/audio", gid: 2 }),
  row(5, { name: "backup.zip", type: "application/zip", gid: null, from_uid: 1, created_at: NOW - 100 * DAY }),
  row(6, { name: "notes.md", type: "text/markdown", gid: 2, from_uid: 3 }),
];
// Message 3 is in this user's DM with uid 2 (known from the store); message 5 is someone else's DM.
const entries = fromServerRows(ROWS, 1, dmIndex({ dm: { 2: [3, 7] } }));

describe("file entries", () => {
  it("reads the server rows: names, sizes, kinds, conversations", () => {
    expect(entries.map((e) => [e.name, e.type, e.conv])).toEqual([
      ["Roadmap.pdf", "doc", { kind: "channel", id: 1 }],
      ["team photo.JPG", "image", { kind: "channel", id: 1 }],
      ["demo.mp4", "video", { kind: "dm", id: 2 }],
      ["voice", "audio", { kind: "channel", id: 2 }],
      ["backup.zip", "other", null],
      ["notes.md", "doc", { kind: "channel", id: 2 }],
    ]);
    expect(entries[4].dm).toBe(true);
    expect(entries[0].size).toBe(2_500_000);
    expect(entries[0].path).toBe("2026/3/15/uuid-1");
  });

  it("places a DM row by Parley's target_uid: one's own DMs by the other party, others' not at all", () => {
    const dm = (mid: number, from_uid: number, target_uid: number) => ({ ...row(mid, { name: "a.txt", type: "text/plain", gid: null, from_uid }), target_uid });
    const placed = fromServerRows([dm(1, 1, 5), dm(2, 5, 1), dm(3, 5, 6)], 1, new Map());
    expect(placed.map((e) => e.conv)).toEqual([{ kind: "dm", id: 5 }, { kind: "dm", id: 5 }, null]);
  });

  it("reads the file messages of the store, newest first, skipping text and sends in flight", () => {
    const m = (mid: number, content_type: string, content: string, extra = {}) => ({ mid, from_uid: 2, created_at: mid * 10, content_type, content, properties: { name: `f${mid}.png`, content_type: "image/png", size: 5 }, ...extra });
    const list = fromStore({
      byId: { 1: m(1, "vocechat/file", "2026/1/1/a"), 2: m(2, "text/plain", "hello"), 3: m(3, "vocechat/file", "2026/1/1/b"), 4: m(4, "vocechat/file", "2026/1/1/c", { sending: true }) },
      channel: { 5: [1, 2] },
      dm: { 2: [3, 4] },
    });
    expect(list.map((e) => [e.mid, e.conv, e.type])).toEqual([
      [3, { kind: "dm", id: 2 }, "image"],
      [1, { kind: "channel", id: 5 }, "image"],
    ]);
  });

  it("maps the detailed kinds to the screen's five types", () => {
    expect(["image", "video", "audio", "pdf", "doc", "sheet", "slides", "text", "code", "archive", "other"].map((k) => typeOf(k as never))).toEqual([
      "image",
      "video",
      "audio",
      "doc",
      "doc",
      "doc",
      "doc",
      "doc",
      "doc",
      "other",
      "other",
    ]);
  });
});

describe("file filters", () => {
  const names = (f: Partial<typeof EMPTY_FILTERS>) => filterFiles(entries, { ...EMPTY_FILTERS, ...f }, NOW).map((e) => e.name);

  it("filters by type, sender, conversation and name (case-insensitive)", () => {
    expect(names({})).toHaveLength(6);
    expect(names({ type: "doc" })).toEqual(["Roadmap.pdf", "notes.md"]);
    expect(names({ type: "other" })).toEqual(["backup.zip"]);
    expect(names({ sender: 2 })).toEqual(["team photo.JPG", "demo.mp4"]);
    expect(names({ conv: "channel:2" })).toEqual(["voice", "notes.md"]);
    expect(names({ conv: "dm:2" })).toEqual(["demo.mp4"]);
    expect(names({ query: "PHOTO" })).toEqual(["team photo.JPG"]);
    expect(names({ query: "  road " })).toEqual(["Roadmap.pdf"]);
    expect(names({ type: "doc", sender: 3 })).toEqual(["notes.md"]);
  });

  it("filters by the date presets and a custom range", () => {
    expect(names({ date: "Day7" })).not.toContain("demo.mp4");
    expect(names({ date: "Day30" })).toContain("demo.mp4");
    expect(names({ date: "Day90" })).not.toContain("backup.zip");
    expect(names({ date: "Day180" })).toHaveLength(6);
    const tenDaysAgo = new Date(NOW - 10 * DAY);
    const day = `${tenDaysAgo.getFullYear()}-${String(tenDaysAgo.getMonth() + 1).padStart(2, "0")}-${String(tenDaysAgo.getDate()).padStart(2, "0")}`;
    expect(names({ date: "custom", from: day, to: day })).toEqual(["demo.mp4"]);
    expect(names({ date: "custom", from: "", to: day })).toEqual(["demo.mp4", "backup.zip"]);
    // An empty custom range keeps everything.
    expect(dateWindow({ date: "custom", from: "", to: "" }, NOW)).toEqual([-Infinity, Infinity]);
  });

  it("counts each type with the other filters applied, and knows when a filter is set", () => {
    expect(typeCounts(entries, EMPTY_FILTERS, NOW)).toEqual({ all: 6, image: 1, video: 1, audio: 1, doc: 2, other: 1 });
    expect(typeCounts(entries, { ...EMPTY_FILTERS, sender: 2, type: "doc" }, NOW)).toEqual({ all: 2, image: 1, video: 1, audio: 0, doc: 0, other: 0 });
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, query: " " })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, date: "Day7" })).toBe(true);
  });
});
