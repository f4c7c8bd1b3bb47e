/** The read-index debouncer: one body per ~500 ms, never backwards, a failed send is sent again. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UpdateReadIndexRequest } from "@parley/protocol";
import { READ_INDEX_DELAY_MS, ReadIndexBatcher } from "./readIndex";

let sent: UpdateReadIndexRequest[];
let ok: boolean;
const make = () =>
  new ReadIndexBatcher(async (body) => {
    sent.push(body);
    return ok;
  });

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  ok = true;
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ReadIndexBatcher", () => {
  it("sends the marks of ~500 ms as one body, the newest mid per conversation", async () => {
    const b = make();
    b.mark("channel", 1, 10);
    b.mark("channel", 1, 12);
    b.mark("dm", 7, 11);
    b.mark("channel", 2, 5);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        users: [{ uid: 7, mid: 11 }],
        groups: [
          { gid: 1, mid: 12 },
          { gid: 2, mid: 5 },
        ],
      },
    ]);
  });

  it("never goes backwards: lower or equal mids than sent or queued are dropped", async () => {
    const b = make();
    expect(b.mark("channel", 1, 20)).toBe(true);
    expect(b.mark("channel", 1, 15)).toBe(false);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS);
    expect(b.mark("channel", 1, 20)).toBe(false);
    expect(b.mark("channel", 1, 19)).toBe(false);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS * 2);
    expect(sent).toEqual([{ groups: [{ gid: 1, mid: 20 }] }]);
    expect(b.mark("channel", 1, 21)).toBe(true);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS);
    expect(sent[1]).toEqual({ groups: [{ gid: 1, mid: 21 }] });
  });

  it("sends only users or only groups when that is all there is, and nothing for nothing", async () => {
    const b = make();
    await b.flush();
    expect(sent).toEqual([]);
    b.mark("dm", 3, 9);
    await b.flush();
    expect(sent).toEqual([{ users: [{ uid: 3, mid: 9 }] }]);
  });

  it("sends a mark again after a failed send", async () => {
    const b = make();
    ok = false;
    b.mark("channel", 4, 30);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS);
    expect(sent).toHaveLength(1);
    ok = true;
    expect(b.mark("channel", 4, 30)).toBe(true);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(b.mark("channel", 4, 30)).toBe(false);
  });

  it("flushes at once on demand (page hide) and cancels the timer", async () => {
    const b = make();
    b.mark("channel", 1, 3);
    await b.flush();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(READ_INDEX_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });
});
