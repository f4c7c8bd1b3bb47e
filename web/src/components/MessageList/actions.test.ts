import { afterEach, describe, expect, it, vi } from "vitest";
import { onJumpRequest, requestJumpWhenRendered, retryPendingJump } from "./actions";

/** A stand-in for the mounted list: it can jump to the mids it has rendered (`rendered` grows as rows arrive). */
function mountList(...mids: number[]) {
  const rendered = new Set(mids);
  const jumped: number[] = [];
  const off = onJumpRequest((mid) => {
    if (!rendered.has(mid)) return false;
    jumped.push(mid);
    return true;
  });
  return { rendered, jumped, off };
}

describe("jumps that wait for their row", () => {
  let list: ReturnType<typeof mountList> | undefined;
  afterEach(() => {
    list?.off();
    vi.useRealTimers();
  });

  it("jumps at once when the row is rendered", async () => {
    list = mountList(5);
    await expect(requestJumpWhenRendered(5, 1000)).resolves.toBe(true);
    expect(list.jumped).toEqual([5]);
  });

  it("waits as long as the list takes to render the row, then jumps", async () => {
    vi.useFakeTimers();
    list = mountList();
    const shown = requestJumpWhenRendered(7, 15_000);
    // A busy machine: the rows arrive long after the history page did.
    await vi.advanceTimersByTimeAsync(9_000);
    retryPendingJump(); // rows changed, but not this one yet
    list.rendered.add(7);
    retryPendingJump();
    await expect(shown).resolves.toBe(true);
    expect(list.jumped).toEqual([7]);
  });

  it("gives up when the row never appears, and a newer jump replaces a waiting one", async () => {
    vi.useFakeTimers();
    list = mountList();
    const first = requestJumpWhenRendered(1, 15_000);
    const second = requestJumpWhenRendered(2, 15_000);
    await expect(first).resolves.toBe(false);
    list.rendered.add(1);
    retryPendingJump();
    expect(list.jumped).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_001);
    await expect(second).resolves.toBe(false);
  });
});
