/**
 * Jumping to a message in the list and flashing it: reply quotes (through the list's context),
 * the pinned-messages panel (`requestJump`) and search results waiting for their page
 * (`requestJumpWhenRendered`). Only a loaded message can be jumped to.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { VirtuosoHandle } from "react-virtuoso";
import { indexOfSorted } from "../../app/slices/sortedIds";
import { onJumpRequest, retryPendingJump } from "./actions";

/** How long a jumped-to message stays highlighted once its row is on screen. */
const HIGHLIGHT_MS = 1600;
const HIGHLIGHT_FALLBACK_MS = 10_000;

interface Options {
  virtuoso: RefObject<VirtuosoHandle | null>;
  ids: number[];
  /** Called before each jump (the list stops following its output). */
  onJump: () => void;
}

export function useJumpTo({ virtuoso, ids, onJump }: Options) {
  const [highlighted, setHighlighted] = useState<number>();
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const onJumpRef = useRef(onJump);
  onJumpRef.current = onJump;
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const jumpTo = useCallback(
    (mid: number) => {
      const index = indexOfSorted(idsRef.current, mid);
      if (index < 0) return;
      onJumpRef.current();
      virtuoso.current?.scrollToIndex({ index, align: "center" });
      setHighlighted(mid);
      // The flash is timed from when the row is on screen (`highlightShown`); this only ends a
      // highlight whose row never appeared.
      clearTimeout(highlightTimer.current);
      highlightTimer.current = setTimeout(() => setHighlighted(undefined), HIGHLIGHT_FALLBACK_MS);
    },
    [virtuoso],
  );
  const highlightShown = useCallback((mid: number) => {
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted((h) => (h === mid ? undefined : h)), HIGHLIGHT_MS);
  }, []);
  useEffect(() => () => clearTimeout(highlightTimer.current), []);
  // Jumps asked for from outside the list (the pinned-messages panel): only to a loaded message.
  useEffect(
    () =>
      onJumpRequest((mid) => {
        if (indexOfSorted(idsRef.current, mid) < 0) return false;
        jumpTo(mid);
        return true;
      }),
    [jumpTo],
  );
  // A jump waiting for its row (a search result just paged in) happens once the row exists.
  useEffect(() => retryPendingJump(), [ids]);

  return { jumpTo, highlighted, highlightShown };
}
