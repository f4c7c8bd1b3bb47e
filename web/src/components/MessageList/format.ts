import dayjs from "dayjs";
import type { StoredMessage } from "../../app/slices/messages";

/** Consecutive messages of one sender within this window share one header. */
export const GROUP_WINDOW_MS = 5 * 60_000;

export const isSameDay = (a: number, b: number) => dayjs(a).isSame(b, "day");

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

export const timeLabel = (ts: number) => dayjs(ts).format("HH:mm");
export const fullTimeLabel = (ts: number) => dayjs(ts).format("YYYY-MM-DD HH:mm:ss");
