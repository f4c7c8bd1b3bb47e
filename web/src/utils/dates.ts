/**
 * Dates and times in the UI's language (`i18n.language`, passed in by the caller), built on
 * `Intl`: month and weekday names and the words for today and yesterday come from the browser's
 * locale data, so a new UI language needs no date strings of its own. Times are 24-hour in every
 * language, as the app has always shown them. All reads are in local time.
 */
import { languageTag } from "./languageTag";
import { nextTask } from "./nextTask";

/** The Intl locale of a UI language, as `<html lang>` says: zh → zh-CN, jp → ja. */
export const dateLocale = languageTag;

// Building an Intl formatter costs far more than using one, and a list formats a date per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(dateLocale(language), options);
    } catch {
      // Not a locale Intl knows (i18next's "cimode" in tests): English rather than an error.
      f = new Intl.DateTimeFormat("en", options);
    }
    formatters.set(key, f);
  }
  return f;
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormatter(language: string): Intl.RelativeTimeFormat {
  let f = relativeFormatters.get(language);
  if (!f) {
    try {
      f = new Intl.RelativeTimeFormat(dateLocale(language), { numeric: "auto" });
    } catch {
      f = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    }
    relativeFormatters.set(language, f);
  }
  return f;
}

const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const MONTH_DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" };
const MONTH_DAY_YEAR: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
const MONTH_DAY_TIME: Intl.DateTimeFormatOptions = { ...MONTH_DAY, ...TIME };
const WEEKDAY_MONTH_DAY: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric" };
const LONG_DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: "short" };

/**
 * Builds the formatters a conversation shows first (its times, "Today"), each in a task of its
 * own, while the page waits for the network: the first Intl formatter of a page loads the
 * locale's data, tens of ms that would otherwise fall in the task that renders the conversation
 * (docs/PERFORMANCE.md "Client long tasks"). It comes in two parts every formatter needs, each
 * alone first: the locale's likely subtags, then the locales available for number formats.
 */
export async function warmDateFormats(language: string) {
  const steps = [
    () => new Intl.Locale(dateLocale(language)).maximize(),
    () => new Intl.NumberFormat(dateLocale(language)),
    () => relativeFormatter(language),
    () => formatter(language, TIME),
    () => formatter(language, WEEKDAY_MONTH_DAY),
  ];
  for (const step of steps) {
    await nextTask();
    try {
      step();
    } catch {
      // Not a locale Intl knows: the formatters fall back to English when first used.
    }
  }
}

/** The same local calendar day (plain Date reads: this runs for every row on screen, often). */
export function isSameDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getDate() === y.getDate() && x.getMonth() === y.getMonth() && x.getFullYear() === y.getFullYear();
}

const isSameYear = (a: number, b: number) => new Date(a).getFullYear() === new Date(b).getFullYear();

/** Local calendar days from `ts` to `now`: 0 today, 1 yesterday (not 24-hour periods). */
export function calendarDaysAgo(ts: number, now = Date.now()): number {
  const day = (t: number) => {
    const d = new Date(t);
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  };
  return Math.round((day(now) - day(ts)) / 86_400_000);
}

/** "Today" / "Yesterday" ("今天" / "昨天"), capitalised: it starts a label. */
export function relativeDayName(daysAgo: 0 | 1, language: string): string {
  const word = relativeFormatter(language).format(-daysAgo, "day");
  return word.charAt(0).toLocaleUpperCase(dateLocale(language)) + word.slice(1);
}

/** "14:05". */
export function timeOfDay(ts: number, language: string): string {
  return formatter(language, TIME).format(ts);
}

/** "2023-11-03 14:05:09": the exact moment (tooltips), the same in every language. */
export function fullTimestamp(ts: number): string {
  const d = new Date(ts);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "Nov 3" this year, "Nov 3, 2023" before (11月3日, 2023年11月3日). */
export function shortDate(ts: number, language: string, now = Date.now()): string {
  return formatter(language, isSameYear(ts, now) ? MONTH_DAY : MONTH_DAY_YEAR).format(ts);
}

/** "Nov 3, 14:05". */
export function monthDayTime(ts: number, language: string): string {
  return formatter(language, MONTH_DAY_TIME).format(ts);
}

/** "Nov 3, 2023 14:05". */
export function dateTimeWithYear(ts: number, language: string): string {
  return `${formatter(language, MONTH_DAY_YEAR).format(ts)} ${timeOfDay(ts, language)}`;
}

/** "Nov 3, 14:05" this year, "Nov 3, 2023 14:05" before. */
export function dateTime(ts: number, language: string, now = Date.now()): string {
  return isSameYear(ts, now) ? monthDayTime(ts, language) : dateTimeWithYear(ts, language);
}

/** The message list's day divider: "Today", "Yesterday", "Friday, November 3", "November 3, 2023". */
export function dayHeading(ts: number, language: string, now = Date.now()): string {
  const ago = calendarDaysAgo(ts, now);
  if (ago === 0 || ago === 1) return relativeDayName(ago, language);
  return formatter(language, isSameYear(ts, now) ? WEEKDAY_MONTH_DAY : LONG_DATE).format(ts);
}

/** A search result: "Today 14:05", "Yesterday 14:05", "Nov 3, 14:05", "Nov 3, 2023". */
export function recentDateTime(ts: number, language: string, now = Date.now()): string {
  const ago = calendarDaysAgo(ts, now);
  if (ago === 0 || ago === 1) return `${relativeDayName(ago, language)} ${timeOfDay(ts, language)}`;
  return isSameYear(ts, now) ? monthDayTime(ts, language) : shortDate(ts, language, now);
}

/**
 * A conversation's last activity in the sidebar, as short as it can be: today the time, then
 * "Yesterday", the weekday within the week, the date this year, and before that year/month/day in
 * digits (big-endian, so no language or region misreads it).
 */
export function activityLabel(ts: number, language: string, now = Date.now()): string {
  const ago = calendarDaysAgo(ts, now);
  if (ago === 0) return timeOfDay(ts, language);
  if (ago === 1) return relativeDayName(1, language);
  if (ago < 6) return formatter(language, WEEKDAY).format(ts);
  if (isSameYear(ts, now)) return shortDate(ts, language, now);
  const d = new Date(ts);
  return `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`;
}
