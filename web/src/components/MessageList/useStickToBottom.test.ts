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
});
