import { describe, expect, it } from "vitest";
import { computeExpireTime, tokenNeedsRenewal } from "./token";

describe("tokenNeedsRenewal", () => {
  const now = 1_000_000;
  it("renews within 20 s of expiry", () => {
    expect(tokenNeedsRenewal(now + 60_000, now)).toBe(false);
    expect(tokenNeedsRenewal(now + 20_000, now)).toBe(false);
    expect(tokenNeedsRenewal(now + 19_999, now)).toBe(true);
    expect(tokenNeedsRenewal(now - 1, now)).toBe(true);
  });
  it("renews when the expiry is unknown", () => {
    expect(tokenNeedsRenewal(0, now)).toBe(true);
    expect(tokenNeedsRenewal(undefined, now)).toBe(true);
    expect(tokenNeedsRenewal(Number.NaN, now)).toBe(true);
  });
  it("computes the expiry from expired_in seconds", () => {
    expect(computeExpireTime(300, now)).toBe(now + 300_000);
  });
});
