import type { StoredMessage } from "../../app/slices/messages";
import { isSameDay } from "../../utils/dates";

/** Consecutive messages of one sender within this window share one header. */
export const GROUP_WINDOW_MS = 5 * 60_000;

export function startsGroup(prev: StoredMessage | undefined, msg: StoredMessage): boolean {
  if (!prev) return true;
  if (prev.from_uid !== msg.from_uid) return true;
  if (!isSameDay(prev.created_at, msg.created_at)) return true;
  return msg.created_at - prev.created_at > GROUP_WINDOW_MS;
}
