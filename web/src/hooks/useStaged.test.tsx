/**
 * Mounting in stages (docs/PERFORMANCE.md "Client long tasks"): a staged part renders its stand-in
 * first and itself in a later render, one part per frame, the lowest order first; in a hidden page
 * everything mounts at once.
 */
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStaged } from "./useStaged";

let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The real `setTimeout`, kept before a test fakes it. */
const realSetTimeout = globalThis.setTimeout;
/** One real task of the event loop (the hook's MessageChannel hop and React's render take some). */
const oneTask = () => act(() => new Promise<void>((resolve) => void realSetTimeout(resolve, 0)));

/** Until `done()`, or 2,000 tasks. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i++) await oneTask();
}

const mounted: string[] = [];
function Part({ name, order }: { name: string; order: number }) {
  const shown = useStaged(order);
  if (shown && !mounted.includes(name)) mounted.push(name);
  return <p>{shown ? name : `${name} pending`}</p>;
}

describe("useStaged", () => {
  it("mounts the parts after the first render, one per frame, the lowest order first", async () => {
    // The test draws the frames: with real ones, a loaded machine could let two parts in before
    // React rendered the first, and one render of both shows them in tree order.
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "setTimeout", "clearTimeout"] });
    mounted.length = 0;
    render(
      <>
        <Part name="navigation" order={4} />
        <Part name="messages" order={2} />
        <Part name="composer" order={1} />
      </>,
    );
    expect(screen.getByText("messages pending")).toBeTruthy();
    for (let i = 0; i < 20; i++) await oneTask();
    expect(mounted).toEqual([]); // nothing without a frame
    for (const expected of [["composer"], ["composer", "messages"], ["composer", "messages", "navigation"]]) {
      act(() => void vi.advanceTimersToNextFrame());
      await until(() => mounted.length === expected.length);
      expect(mounted).toEqual(expected);
    }
    expect(screen.getByText("navigation")).toBeTruthy();
  });

  it("mounts everything at once in a hidden page", () => {
    visibility = "hidden";
    render(<Part name="list" order={0} />);
    expect(screen.getByText("list")).toBeTruthy();
  });
});
