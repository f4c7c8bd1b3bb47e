import { describe, expect, it } from "vitest";
import { applicationServerKey, PUSH_ERROR_CODES, PushError, pushErrorCode, subscribePush } from "./push";
import { badgeText } from "./faviconBadge";
import { titleWithUnread } from "./unreadBadge";

describe("push helpers", () => {
  it("turns the base64url VAPID key into its bytes", () => {
    // 0xfb 0xff 0xfe: '+' and '/' in base64, '-' and '_' in base64url, no padding.
    expect([...applicationServerKey("-__-")]).toEqual([0xfb, 0xff, 0xfe]);
    expect(applicationServerKey("BAEC").length).toBe(3);
  });

  it("names every failure with one of the spec's push error names", async () => {
    expect(PUSH_ERROR_CODES).toHaveLength(11);
    expect(pushErrorCode(new PushError("permission-blocked"))).toBe("permission-blocked");
    expect(pushErrorCode(new Error("anything else"))).toBe("token-subscribe-failed");
    // happy-dom is not a secure context with a PushManager.
    await expect(subscribePush("key")).rejects.toMatchObject({ code: "unsupported-browser" });
  });
});

describe("unread title and badge text", () => {
  it.each([
    [0, "Parley", "Parley"],
    [3, "Parley", "(3) Parley"],
    [120, "Parley", "(99+) Parley"],
  ])("%i unread: %s → %s", (n, title, expected) => expect(titleWithUnread(title, n)).toBe(expected));

  it("writes the badge as a digit, then 9+", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(10)).toBe("9+");
  });
});
