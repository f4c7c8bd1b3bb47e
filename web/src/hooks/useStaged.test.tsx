/**
 * Mounting in stages (docs/PERFORMANCE.md "Client long tasks"): a staged part renders its stand-in
 * first and itself in a later render, one part per frame, the lowest order first; in a hidden page
 * everything mounts at once.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStaged } from "./useStaged";

let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const mounted: string[] = [];
function Part({ name, order }: { name: string; order: number }) {
  const shown = useStaged(order);
  if (shown && !mounted.includes(name)) mounted.push(name);
  return <p>{shown ? name : `${name} pending`}</p>;
}

describe("useStaged", () => {
  it("mounts the parts after the first render, one per frame, the lowest order first", async () => {
    mounted.length = 0;
    render(
      <>
        <Part name="navigation" order={4} />
        <Part name="messages" order={2} />
        <Part name="composer" order={1} />
      </>,
    );
    expect(screen.getByText("messages pending")).toBeTruthy();
    await waitFor(() => expect(mounted).toHaveLength(3));
    expect(mounted).toEqual(["composer", "messages", "navigation"]);
    expect(screen.getByText("navigation")).toBeTruthy();
  });

  it("mounts everything at once in a hidden page", () => {
    visibility = "hidden";
    render(<Part name="list" order={0} />);
    expect(screen.getByText("list")).toBeTruthy();
  });
});
