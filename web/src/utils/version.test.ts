import { describe, expect, it } from "vitest";
import { compareVersion, parseVersion, versionAtLeast } from "./version";

describe("compareVersion", () => {
  it("compares numeric parts", () => {
    expect(compareVersion("0.3.20", "0.3.8")).toBe(1);
    expect(compareVersion("0.3.8", "0.3.20")).toBe(-1);
    expect(compareVersion("0.3.11", "0.3.11")).toBe(0);
    expect(compareVersion("0.4", "0.4.0")).toBe(0);
    expect(compareVersion("1.0.0", "0.9.99")).toBe(1);
  });

  it("ignores the suffix after a dash", () => {
    expect(compareVersion("0.5.31-beta.2", "0.5.31")).toBe(0);
    expect(compareVersion("v0.3.20-rc1", "0.3.11")).toBe(1);
  });

  it("requires numeric parts", () => {
    expect(parseVersion("0.x.1")).toBeNull();
    expect(parseVersion("")).toBeNull();
    expect(compareVersion("abc", "0.3.0")).toBeNaN();
    expect(versionAtLeast(undefined, "0.3.0")).toBe(false);
    expect(versionAtLeast("0.3.20", "0.3.11")).toBe(true);
    expect(versionAtLeast("0.3.20", "0.4.0")).toBe(false);
  });
});
