/**
 * The loading screen of the route guard (docs/ARCHITECTURE.md "Client rules"): while guest mode is unknown the app waits
 * on a reload screen whose Reload button appears after 30 s and clears the local data. Own file:
 * its fake timers are installed before the app loads, and must not leak into other tests.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/render";

afterEach(() => {
  vi.useRealTimers();
});

describe("loading screen", () => {
  it("offers Reload after 30 s, which clears the local data and reloads", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    const app = await renderApp({
      route: "/chat",
      storage: { VOCECHAT_AFTER_MID: "5", theme: "dark" },
      // The login config never arrives.
      api: { "GET /api/admin/login/config": () => new Promise(() => undefined) },
    });
    await app.findByRole("status", { name: "Loading" });
    vi.stubGlobal("location", { ...window.location, reload, hash: window.location.hash });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(app.queryByRole("button", { name: "Reload" })).toBeNull();
    await vi.advanceTimersByTimeAsync(1_500);
    await app.user.click(await app.findByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalled();
    expect(localStorage.getItem("VOCECHAT_AFTER_MID")).toBeNull();
    // The theme (and the language) are preferences, not session data: they stay.
    expect(localStorage.getItem("theme")).toBe("dark");
  });
});
