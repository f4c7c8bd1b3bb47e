import { describe, expect, it, vi } from "vitest";
import { offAll, on } from "./listen";

describe("on and offAll", () => {
  it("adds listeners to their targets and removes every one with the joined cleanup", () => {
    const online = vi.fn();
    const visible = vi.fn();
    const off = offAll(on(window, "online", online), on(document, "visibilitychange", visible));
    window.dispatchEvent(new Event("online"));
    document.dispatchEvent(new Event("visibilitychange"));
    expect([online.mock.calls.length, visible.mock.calls.length]).toEqual([1, 1]);

    off();
    window.dispatchEvent(new Event("online"));
    document.dispatchEvent(new Event("visibilitychange"));
    expect([online.mock.calls.length, visible.mock.calls.length]).toEqual([1, 1]);
  });
});
