import dayjs from "dayjs";
import type { StoredMessage } from "../../app/slices/messages";

/** Consecutive messages of one sender within this window share one header. */
export const GROUP_WINDOW_MS = 5 * 60_000;

/** The same local calendar day (plain Date reads: this runs for every row on screen, often). */
export function isSameDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getDate() === y.getDate() && x.getMonth() === y.getMonth() && x.getFullYear() === y.getFullYear();
}

export function startsGroup(prev: StoredMessage | undefined, msg: StoredMessage): boolean {
  if (!prev) return true;
  if (prev.from_uid !== msg.from_uid) return true;
  if (!isSameDay(prev.created_at, msg.created_at)) return true;
  return msg.created_at - prev.created_at > GROUP_WINDOW_MS;
}

// i18n-ns: chat (the caller passes its chat `t`)
export function dayLabel(ts: number, t: (key: string) => string): string {
  const d = dayjs(ts);
  const now = dayjs();
  if (d.isSame(now, "day")) return t("time.today");
  if (d.isSame(now.subtract(1, "day"), "day")) return t("time.yesterday");
  return d.format(d.isSame(now, "year") ? "dddd, MMMM D" : "MMMM D, YYYY");
}

// Plain Date reads, not dayjs's format parser: every row on screen shows one or two of these.
const pad = (n: number) => String(n).padStart(2, "0");

/** `HH:mm`, local time. */
export function timeLabel(ts: number): string {
  const d = new Date(ts);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `YYYY-MM-DD HH:mm:ss`, local time. */
export function fullTimeLabel(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
