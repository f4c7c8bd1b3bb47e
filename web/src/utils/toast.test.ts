import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts, toast } from "./toast";

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("keep the spec's timings: error 4 s, success 2 s, loading until dismissed", () => {
    vi.useFakeTimers();
    toast.error("e");
    toast.success("s");
    const loading = toast.loading("l");
    vi.advanceTimersByTime(2_001);
    expect(getToasts().map((t) => t.message)).toEqual(["e", "l"]);
    vi.advanceTimersByTime(2_000);
    expect(getToasts().map((t) => t.message)).toEqual(["l"]);
    vi.advanceTimersByTime(60_000);
    toast.dismiss(loading);
    expect(getToasts()).toEqual([]);
  });

  it("show at most 20, dropping the oldest", () => {
    for (let i = 0; i < 25; i++) toast.error(`t${i}`);
    const shown = getToasts();
    expect(shown).toHaveLength(20);
    expect(shown[0].message).toBe("t5");
  });

  it("replace a toast with the same id (one 'Network Offline!', one new-version prompt)", () => {
    toast.error("Network Offline!", { id: "network-offline", duration: Infinity });
    toast.error("Network Offline!", { id: "network-offline", duration: Infinity });
    toast.action("A new version is available.", { id: "new-version", actions: [{ label: "Update", onClick: () => undefined }] });
    expect(getToasts().map((t) => t.id)).toEqual(["network-offline", "new-version"]);
    expect(getToasts()[1].duration).toBe(Infinity);
  });
});
