import { useEffect, useSyncExternalStore } from "react";
import { useAppSelector } from "../../app/hooks";
import { selectIsMuted, selectMentionCount, selectUnreadCount } from "../../app/selectors";
import type { ConvKind } from "../../app/slices/messages";
import type { RootState } from "../../app/store";
import { paintIcon } from "../../utils/faviconBadge";
import { getBaseIcon, getUnread, setUnread, subscribeUnread } from "../../utils/unreadBadge";

/**
 * Unread messages across conversations, as the sidebar counts them: every unread message of a
 * conversation that is not muted, and only the mentions of a muted one (the notification rule).
 */
export function selectTotalUnread(s: RootState): number {
  let total = 0;
  for (const kind of ["channel", "dm"] as ConvKind[]) {
    for (const key of Object.keys(s.messages[kind])) {
      const id = Number(key);
      total += selectIsMuted(s, kind, id) ? selectMentionCount(s, kind, id) : selectUnreadCount(s, kind, id);
    }
  }
  return total;
}

/**
 * Keeps the title's unread count live (`utils/unreadBadge.ts`, read by Root's title) and the page
 * icon's badge painted over the current base icon; none in an inactive tab, none once unmounted.
 */
export default function useUnreadBadge() {
  const inactive = useAppSelector((s) => s.ui.inactive);
  const total = useAppSelector(selectTotalUnread);
  const count = useSyncExternalStore(subscribeUnread, getUnread);
  const base = useSyncExternalStore(subscribeUnread, getBaseIcon);
  useEffect(() => setUnread(inactive ? 0 : total), [inactive, total]);
  useEffect(() => void paintIcon(base, count), [base, count]);
  useEffect(
    () => () => {
      setUnread(0);
      void paintIcon(getBaseIcon(), 0);
    },
    [],
  );
}
