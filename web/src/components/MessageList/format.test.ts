import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { fullTimeLabel, isSameDay, timeLabel } from "./format";

describe("message times", () => {
  it("formats as dayjs did (HH:mm, YYYY-MM-DD HH:mm:ss, local time)", () => {
    for (const ts of [0, 1_700_000_000_000, Date.UTC(2024, 0, 5, 3, 4, 5), Date.UTC(2031, 11, 31, 23, 59, 59)]) {
      expect(timeLabel(ts)).toBe(dayjs(ts).format("HH:mm"));
      expect(fullTimeLabel(ts)).toBe(dayjs(ts).format("YYYY-MM-DD HH:mm:ss"));
    }
  });

  it("compares local calendar days", () => {
    const morning = new Date(2024, 4, 6, 0, 0, 1).getTime();
    expect(isSameDay(morning, new Date(2024, 4, 6, 23, 59, 59).getTime())).toBe(true);
    expect(isSameDay(morning, morning - 2_000)).toBe(false);
    expect(isSameDay(morning, new Date(2025, 4, 6, 0, 0, 1).getTime())).toBe(false);
  });
});
