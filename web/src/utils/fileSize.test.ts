import { describe, expect, it } from "vitest";
import { formatFileSize } from "./fileSize";

describe("file sizes", () => {
  it("are shown in units of 1000 (docs/ARCHITECTURE.md 'Client rules')", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(999)).toBe("999 B");
    expect(formatFileSize(1_000)).toBe("1 kB");
    expect(formatFileSize(1_024)).toBe("1 kB");
    expect(formatFileSize(1_540)).toBe("1.5 kB");
    expect(formatFileSize(12_345)).toBe("12.3 kB");
    expect(formatFileSize(340_000)).toBe("340 kB");
    expect(formatFileSize(999_700)).toBe("1 MB");
    expect(formatFileSize(999_960)).toBe("1 MB");
    expect(formatFileSize(1_500_000)).toBe("1.5 MB");
    expect(formatFileSize(12_300_000)).toBe("12.3 MB");
    expect(formatFileSize(123_456_789)).toBe("123 MB");
    expect(formatFileSize(1_000_000_000)).toBe("1 GB");
    expect(formatFileSize(2_500_000_000)).toBe("2.5 GB");
    expect(formatFileSize(3_000_000_000_000)).toBe("3 TB");
  });

  it("shows nothing for an unknown size", () => {
    expect(formatFileSize(undefined)).toBe("");
    expect(formatFileSize(null)).toBe("");
    expect(formatFileSize(-1)).toBe("");
    expect(formatFileSize(Number.NaN)).toBe("");
  });
});
