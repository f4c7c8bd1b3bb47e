import { describe, expect, it } from "vitest";
import { pageLimitParam } from "./shared.js";

describe("pageLimitParam", () => {
  const limit = pageLimitParam(200, 50);

  it("takes a size up to the maximum, the fallback when absent, and the maximum above it", () => {
    expect(limit.parse("1")).toBe(1);
    expect(limit.parse("200")).toBe(200);
    expect(limit.parse(undefined)).toBe(50);
    expect(limit.parse("201")).toBe(200);
    expect(limit.parse("1000")).toBe(200);
  });

  it.each(["0", "-1", "1.5", "abc", "", "99999999"])("refuses %j", (value) => {
    expect(limit.safeParse(value).success).toBe(false);
  });
});
