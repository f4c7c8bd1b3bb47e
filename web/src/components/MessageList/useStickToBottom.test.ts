/**
 * Following new rows to the end of the list. The pins are scheduled (two frames, 150 ms, 350 ms)
 * and run here by hand, at whatever time the test says: on a starved CPU they run late, and the
 * list must still reach its end unless the reader scrolled.
 */
import { act, renderHook } from "@testing-library/react";
import type { RefObject } from "react";
import type { VirtuosoHandle } from "react-virtuoso";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoredMessage } from "../../app/slices/messages";
import { useStickToBottom } from "./useStickToBottom";

const messageOf = (mid: number): StoredMessage => ({ mid, from_uid: 2, created_at: mid, content_type: "text/plain", content: `m${mid}`, properties: null });

/** A scroller whose content is `height` px tall in a 500 px window, scrolled to `top`. */
function scroller(height: number, top: number) {
  const el = document.createElement("div");
  el.append(document.createElement("div"));
  const box = { height, top };
  Object.defineProperty(el, "scrollHeight", { get: () => box.height });
  Object.defineProperty(el, "clientHeight", { get: () => 500 });
  Object.defineProperty(el, "scrollTop", { get: () => box.top, set: (v: number) => (box.top = Math.min(v, box.height - 500)) });
  return { el, box };
}

let pending: (() => void)[] = [];
const runPins = () => {
  // A pin may schedule nothing more; run what is queued, in order.
  const now = pending;
  pending = [];
  for (const f of now) f();
  if (pending.length) runPins();
};
let clock = 1_000;

beforeEach(() => {
  pending = [];
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((f) => (pending.push(() => f(clock)), 1));
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((f: () => void) => (pending.push(f), 1)) as unknown as typeof setTimeout);
  vi.spyOn(performance, "now").mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

function setup() {
  const scrollToIndex = vi.fn();
  const virtuoso = { current: { scrollToIndex } as unknown as VirtuosoHandle } as RefObject<VirtuosoHandle | null>;
  const byId: Record<number, StoredMessage> = { 1: messageOf(1), 2: messageOf(2), 3: messageOf(3) };
  const hook = renderHook(({ ids }) => useStickToBottom({ virtuoso, ids, byId, me: 1, onScroll: () => undefined }), { initialProps: { ids: [1, 2] } });
  // The end of the list is 600 px below what Virtuoso's estimate scrolled to.
  const { el, box } = scroller(3_000, 1_900);
  act(() => hook.result.current.attachScroller(el));
  // The opening's own pins (the last test) have run: what follows is about the new row.
  runPins();
  scrollToIndex.mockClear();
  hook.rerender({ ids: [1, 2, 3] });
  return { hook, el, box, scrollToIndex };
}

describe("useStickToBottom", () => {
  it("goes to the last row after new rows arrive at the end, even when its pins run long after", () => {
    const { hook, scrollToIndex } = setup();
    expect(hook.result.current.followOutput(true)).toBe("auto");
    clock += 5_000;
    runPins();
    expect(scrollToIndex).toHaveBeenCalledWith({ index: "LAST", align: "end" });
  });

  it("stops following once the reader scrolls with the wheel", () => {
    const { hook, el, box, scrollToIndex } = setup();
    hook.result.current.followOutput(true);
    el.dispatchEvent(new Event("wheel"));
    runPins();
    expect(scrollToIndex).not.toHaveBeenCalled();
    expect(box.top).toBe(1_900);
  });

  it("after the batch's last pin, only a list within the slack of its end is kept there", () => {
    const { hook, box, scrollToIndex } = setup();
    hook.result.current.followOutput(true);
    box.top = 2_500;
    runPins();
    expect(scrollToIndex).not.toHaveBeenCalled();
    // A later pin of no new rows (a reaction grew a row): 40 px short, within the slack, is closed.
    hook.result.current.followOutput(true);
    box.top = 2_460;
    runPins();
    expect(scrollToIndex).not.toHaveBeenCalled();
    expect(box.top).toBe(2_500);
  });

  it("a batch arriving while the last one is still pinned is followed, though Virtuoso says the list is not at its end", () => {
    const { hook, scrollToIndex } = setup();
    hook.result.current.followOutput(true);
    // The next rows come before the pins ran: 600 px short, past Virtuoso's threshold.
    hook.rerender({ ids: [1, 2, 3, 4] });
    expect(hook.result.current.followOutput(false)).toBe("auto");
    runPins();
    expect(scrollToIndex).toHaveBeenCalledWith({ index: "LAST", align: "end" });
  });

  it("the closing pin pins again while the list is short of its end (rows measured taller than estimated), and then lets go", () => {
    const { hook, box, scrollToIndex } = setup();
    // Each scroll lands on an estimate 600 px short of the end, twice; the third reaches it.
    let landings = 0;
    scrollToIndex.mockImplementation(() => {
      landings++;
      box.height += landings <= 4 ? 600 : 0;
      box.top = landings <= 4 ? box.height - 1_100 : box.height - 500;
    });
    hook.result.current.followOutput(true);
    runPins();
    expect(box.top).toBe(box.height - 500);
    expect(scrollToIndex).toHaveBeenCalledTimes(5);
    // At its end and done: the next rows are followed only if Virtuoso says it is at the bottom.
    hook.rerender({ ids: [1, 2, 3, 4] });
    expect(hook.result.current.followOutput(false)).toBe(false);
  });

  it("a list that never reaches its end stops pinning after a bounded number of tries", () => {
    const { hook, scrollToIndex } = setup();
    hook.result.current.followOutput(true);
    runPins();
    const tries = scrollToIndex.mock.calls.length;
    expect(tries).toBeGreaterThan(3);
    expect(tries).toBeLessThanOrEqual(3 + 20);
    hook.rerender({ ids: [1, 2, 3, 4] });
    expect(hook.result.current.followOutput(false)).toBe(false);
  });

  it("a conversation opened with rows goes to its end and follows what arrives before it got there", () => {
    const scrollToIndex = vi.fn();
    const virtuoso = { current: { scrollToIndex } as unknown as VirtuosoHandle } as RefObject<VirtuosoHandle | null>;
    const byId: Record<number, StoredMessage> = { 1: messageOf(1), 2: messageOf(2), 3: messageOf(3) };
    const hook = renderHook(({ ids }) => useStickToBottom({ virtuoso, ids, byId, me: 1, onScroll: () => undefined }), { initialProps: { ids: [1, 2] } });
    // Virtuoso's first estimate stopped 600 px short; the rest of the backlog arrives before any pin ran.
    const { el } = scroller(3_000, 1_900);
    act(() => hook.result.current.attachScroller(el));
    hook.rerender({ ids: [1, 2, 3] });
    expect(hook.result.current.followOutput(false)).toBe("auto");
    runPins();
    expect(scrollToIndex).toHaveBeenCalledWith({ index: "LAST", align: "end" });
  });
});
