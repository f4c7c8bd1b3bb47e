/**
 * The "New messages" line of the message list and its "Jump to first unread" pill: the pill shows
 * while the line is above the viewport (as `sight` measured it), until it is used or dismissed.
 */
import { useCallback, useRef, useState, type RefObject } from "react";
import type { VirtuosoHandle } from "react-virtuoso";
import { indexOfSorted } from "../../app/slices/sortedIds";

interface Options {
  virtuoso: RefObject<VirtuosoHandle | null>;
  ids: number[];
  /** The first message unread when the conversation was opened. */
  unreadStart?: { mid: number } | null;
  /** Called before the jump (the list stops following its output). */
  onJump: () => void;
}

export function useUnreadMarker({ virtuoso, ids, unreadStart, onJump }: Options) {
  const [above, setAbove] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const idsRef = useRef(ids);
  idsRef.current = ids;

  /** Where the line is after a sighting: `lineAbove` is whether it is above the viewport. */
  const sighted = useCallback((lineAbove: boolean) => setAbove(!!unreadStart && lineAbove), [unreadStart]);

  const jumpToUnread = useCallback(() => {
    const index = unreadStart ? indexOfSorted(idsRef.current, unreadStart.mid) : -1;
    onJump();
    if (index >= 0) virtuoso.current?.scrollToIndex({ index, align: "start" });
    setDismissed(true);
  }, [unreadStart, onJump, virtuoso]);

  const dismiss = useCallback(() => setDismissed(true), []);

  return { showPill: !!unreadStart && above && !dismissed, sighted, jumpToUnread, dismiss };
}
