import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, RateLimiter } from "./rateLimit.js";

describe("RateLimiter (sliding window)", () => {
  it("counts per address and per e-mail (case-insensitive) within the window, then frees slots as they age", () => {
    const limiter = new RateLimiter({ login: { perIp: 3, perEmail: 2, windowMs: 1_000 } });
    const t = 1_000_000;
    expect(limiter.hit("login", "1.1.1.1", "A@x.com", t)).toBe(0);
    expect(limiter.hit("login", "2.2.2.2", "a@x.com ", t + 100)).toBe(0);
    // The address is used up everywhere; the answer is the seconds until the oldest hit ages out.
    expect(limiter.hit("login", "3.3.3.3", "a@x.com", t + 200)).toBe(1);
    expect(limiter.hit("login", "1.1.1.1", "b@x.com", t + 300)).toBe(0);
    expect(limiter.hit("login", "1.1.1.1", "c@x.com", t + 400)).toBe(0);
    expect(limiter.hit("login", "1.1.1.1", "d@x.com", t + 500)).toBe(1);
    // A refused attempt was not counted: once the first hit is older than the window, one slot frees.
    expect(limiter.hit("login", "1.1.1.1", "d@x.com", t + 1_001)).toBe(0);
    expect(limiter.hit("login", "3.3.3.3", "a@x.com", t + 1_101)).toBe(0);
  });

  it("keeps the limits apart by name; 0 means no limit; defaults apply to what is not overridden", () => {
    const limiter = new RateLimiter({ guest: { perIp: 0 }, checkEmail: { perIp: 1 } });
    for (let i = 0; i < 100; i++) expect(limiter.hit("guest", "1.1.1.1")).toBe(0);
    expect(limiter.hit("checkEmail", "1.1.1.1")).toBe(0);
    expect(limiter.hit("checkEmail", "1.1.1.1")).toBeGreaterThan(0);
    expect(limiter.hit("register", "1.1.1.1")).toBe(0);
    expect(limiter.rule("checkEmail")).toEqual({ ...DEFAULT_RATE_LIMITS.checkEmail, perIp: 1 });
    limiter.reset();
    expect(limiter.hit("checkEmail", "1.1.1.1")).toBe(0);
  });

  it("drops empty windows as keys pile up", () => {
    const limiter = new RateLimiter({ checkEmail: { perIp: 5, perEmail: 5, windowMs: 10 } });
    for (let i = 0; i < 5_000; i++) limiter.hit("checkEmail", `10.0.${i >> 8}.${i & 255}`, null, i * 20);
    expect((limiter as unknown as { windows: Map<string, number[]> }).windows.size).toBeLessThan(1_100);
  });
});
