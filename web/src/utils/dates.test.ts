import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { activityLabel, calendarDaysAgo, dateLocale, dateTime, dateTimeWithYear, dayHeading, fullTimestamp, isSameDay, monthDayTime, recentDateTime, relativeDayName, shortDate, timeOfDay, warmDateFormats } from "./dates";

// Local times: the formatters read local time, as the tests do.
const NOW = new Date(2024, 4, 10, 9, 30).getTime(); // Friday, May 10, 2024
const at = (y: number, m: number, d: number, h = 14, min = 5, s = 9) => new Date(y, m - 1, d, h, min, s).getTime();

describe("dates in English (as the app showed them before Intl)", () => {
  it("formats times and dates", () => {
    expect(timeOfDay(at(2024, 5, 3, 9, 7), "en")).toBe("09:07");
    expect(timeOfDay(at(2024, 5, 3, 0, 0), "en")).toBe("00:00");
    expect(fullTimestamp(at(2023, 11, 3))).toBe("2023-11-03 14:05:09");
    expect(shortDate(at(2024, 1, 3), "en", NOW)).toBe("Jan 3");
    expect(shortDate(at(2023, 11, 3), "en", NOW)).toBe("Nov 3, 2023");
    expect(monthDayTime(at(2024, 1, 3), "en")).toBe("Jan 3, 14:05");
    expect(dateTime(at(2024, 1, 3), "en", NOW)).toBe("Jan 3, 14:05");
    expect(dateTime(at(2023, 11, 3), "en", NOW)).toBe("Nov 3, 2023 14:05");
  });

  it("matches the dayjs formats it replaced", () => {
    for (const ts of [0, 1_700_000_000_000, Date.UTC(2024, 0, 5, 3, 4, 5), Date.UTC(2031, 11, 31, 23, 59, 59)]) {
      expect(timeOfDay(ts, "en")).toBe(dayjs(ts).format("HH:mm"));
      expect(fullTimestamp(ts)).toBe(dayjs(ts).format("YYYY-MM-DD HH:mm:ss"));
      expect(monthDayTime(ts, "en")).toBe(dayjs(ts).format("MMM D, HH:mm"));
      expect(dateTimeWithYear(ts, "en")).toBe(dayjs(ts).format("MMM D, YYYY HH:mm"));
      expect(shortDate(ts, "en", ts)).toBe(dayjs(ts).format("MMM D"));
    }
  });

  it("names days relative to today", () => {
    expect(dayHeading(at(2024, 5, 10, 0, 1), "en", NOW)).toBe("Today");
    expect(dayHeading(at(2024, 5, 9, 23, 59), "en", NOW)).toBe("Yesterday");
    expect(dayHeading(at(2024, 5, 3), "en", NOW)).toBe("Friday, May 3");
    expect(dayHeading(at(2023, 11, 3), "en", NOW)).toBe("November 3, 2023");
    expect(recentDateTime(at(2024, 5, 10, 8, 0), "en", NOW)).toBe("Today 08:00");
    expect(recentDateTime(at(2024, 5, 9), "en", NOW)).toBe("Yesterday 14:05");
    expect(recentDateTime(at(2024, 3, 2), "en", NOW)).toBe("Mar 2, 14:05");
    expect(recentDateTime(at(2023, 3, 2), "en", NOW)).toBe("Mar 2, 2023");
  });

  it("keeps the sidebar's activity short", () => {
    expect(activityLabel(at(2024, 5, 10, 8, 0), "en", NOW)).toBe("08:00");
    expect(activityLabel(at(2024, 5, 9), "en", NOW)).toBe("Yesterday");
    expect(activityLabel(at(2024, 5, 6), "en", NOW)).toBe("Mon");
    expect(activityLabel(at(2024, 4, 20), "en", NOW)).toBe("Apr 20");
    expect(activityLabel(at(2023, 11, 3), "en", NOW)).toBe("2023/11/3");
  });
});

describe("dates in Chinese", () => {
  it("uses Chinese month and weekday names", () => {
    expect(dateLocale("zh")).toBe("zh-CN");
    expect(shortDate(at(2024, 1, 3), "zh", NOW)).toBe("1月3日");
    expect(shortDate(at(2023, 11, 3), "zh", NOW)).toBe("2023年11月3日");
    expect(dayHeading(at(2024, 5, 3), "zh", NOW)).toBe("5月3日星期五");
    expect(dayHeading(at(2023, 11, 3), "zh", NOW)).toBe("2023年11月3日");
    expect(activityLabel(at(2024, 5, 6), "zh", NOW)).toBe("周一");
    expect(dateTime(at(2023, 11, 3), "zh", NOW)).toBe("2023年11月3日 14:05");
  });

  it("says today and yesterday in Chinese", () => {
    expect(relativeDayName(0, "zh")).toBe("今天");
    expect(relativeDayName(1, "zh")).toBe("昨天");
    expect(dayHeading(at(2024, 5, 9), "zh", NOW)).toBe("昨天");
    expect(recentDateTime(at(2024, 5, 10, 8, 0), "zh", NOW)).toBe("今天 08:00");
    expect(timeOfDay(at(2024, 5, 3, 21, 7), "zh")).toBe("21:07");
  });
});

describe("calendar days", () => {
  it("counts local calendar days, not 24-hour periods", () => {
    expect(calendarDaysAgo(at(2024, 5, 9, 23, 59), NOW)).toBe(1);
    expect(calendarDaysAgo(at(2024, 5, 10, 0, 0), NOW)).toBe(0);
    expect(calendarDaysAgo(at(2024, 1, 1), NOW)).toBe(130);
  });

  it("compares local calendar days", () => {
    const morning = new Date(2024, 4, 6, 0, 0, 1).getTime();
    expect(isSameDay(morning, new Date(2024, 4, 6, 23, 59, 59).getTime())).toBe(true);
    expect(isSameDay(morning, morning - 2_000)).toBe(false);
    expect(isSameDay(morning, new Date(2025, 4, 6, 0, 0, 1).getTime())).toBe(false);
  });

  it("falls back to English for a language Intl does not know", () => {
    expect(shortDate(at(2024, 1, 3), "cimode", NOW)).toBe("Jan 3");
  });
});

describe("dates in the other languages", () => {
  it("reads VoceChat's Japanese code jp as ja, not as an unknown locale in English", () => {
    expect(dateLocale("jp")).toBe("ja");
    expect(shortDate(at(2024, 1, 3), "jp", NOW)).toBe("1月3日");
    expect(relativeDayName(1, "jp")).toBe("昨日");
  });

  it("uses each language's month names and words for yesterday", () => {
    expect(shortDate(at(2024, 1, 3), "de", NOW)).toBe("3. Jan.");
    expect(relativeDayName(1, "de")).toBe("Gestern");
    expect(relativeDayName(1, "ru")).toBe("Вчера");
    expect(relativeDayName(1, "fr")).toBe("Hier");
    expect(relativeDayName(1, "tr")).toBe("Dün");
  });
});

describe("warming the formatters while the page loads", () => {
  it("builds them ahead of use, and a locale Intl does not know changes nothing", async () => {
    await warmDateFormats("zh");
    await warmDateFormats("jp");
    expect(timeOfDay(at(2024, 5, 3, 9, 7), "zh")).toBe("09:07");
    await expect(warmDateFormats("not a locale")).resolves.toBeUndefined();
    expect(timeOfDay(at(2024, 5, 3, 9, 7), "en")).toBe("09:07");
  });
});
