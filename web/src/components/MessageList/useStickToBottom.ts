/**
 * Keeping the message list at its end: Virtuoso's `followOutput` for new rows, a re-pin once they
 * are measured, a re-pin when content that was at the bottom grows (lazy markdown, reactions,
 * images), and the "Jump to latest" button when the list is away from the end and something new
 * arrives. The reader's own scrolling (wheel, touch, keys, the scrollbar) calls following off.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { VirtuosoHandle } from "react-virtuoso";
import type { StoredMessage } from "../../app/slices/messages";
import { keyOf } from "./MessageRow";

/** Within this many pixels of the end counts as at the bottom. */
export const BOTTOM_SLACK = 48;
/** When, after new rows arrive at the bottom, the batch's closing pin runs (the others: two frames and 150 ms). */
const FOLLOW_MS = 400;
/**
 * How many more pins the closing one may add while the list is still short of its end (each two
 * frames after the last): a burst of thousands of rows on a starved CPU needs a few.
 */
const MORE_PINS = 20;

const gapBelow = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

interface Options {
  virtuoso: RefObject<VirtuosoHandle | null>;
  ids: number[];
  byId: Record<number, StoredMessage>;
  me?: number;
  /** Called on every scroll event of the scroller; must not read the layout (see `measure`). */
  onScroll: () => void;
}

export function useStickToBottom({ virtuoso, ids, byId, me, onScroll }: Options) {
  const scroller = useRef<HTMLElement | null>(null);
  const detach = useRef<() => void>(undefined);
  const onScrollRef = useRef(onScroll);
  onScrollRef.current = onScroll;
  /**
   * Whether the list follows new rows to its end: set when rows are appended to a list that is at
   * its end, cleared by the reader's own scrolling, a jump elsewhere, or the last pin of the
   * latest batch. Counted in pins, not in time: on a starved CPU the pins run late, and a
   * deadline passed before they ran left a burst of messages stranded above the end.
   */
  const following = useRef(false);
  /** The latest batch of pins (`pinSoon`): only its last pin ends the following. */
  const batch = useRef(0);
  /**
   * Pin to the very end once the new rows are measured. Virtuoso's own follow scrolls by its
   * estimate of the new rows' heights: a large batch (the stream's backlog arriving while the
   * conversation opens) can leave it far short of the end, so this goes to the last row again,
   * wherever the estimate stopped.
   */
  const pinSoon = useCallback(
    (appended: boolean) => {
      if (appended) following.current = true;
      const mine = ++batch.current;
      /**
       * `last`: the batch's closing pin. It ends the following only once it finds the list at its
       * end; a pin that had to scroll may have landed on an estimate again (rows still unmeasured),
       * so the check is made once more, up to `MORE_PINS` times.
       */
      const pin = (last: boolean, more = MORE_PINS) => {
        const el = scroller.current;
        const gap = el ? gapBelow(el) : 0;
        if (el && gap > 1) {
          if (following.current) virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" });
          else if (gap <= BOTTOM_SLACK) el.scrollTop = el.scrollHeight;
        }
        if (!last || mine !== batch.current) return;
        if (following.current && gap > 1 && more > 0) requestAnimationFrame(() => requestAnimationFrame(() => pin(true, more - 1)));
        else following.current = false;
      };
      requestAnimationFrame(() => requestAnimationFrame(() => pin(false)));
      setTimeout(() => pin(false), 150);
      setTimeout(() => pin(true), FOLLOW_MS - 50);
    },
    [virtuoso],
  );
  // Content that grows after layout keeps a list that was at the bottom there: `stuck` follows the
  // user's scrolling (`measure`), a resize of the content re-pins.
  const stuck = useRef(true);
  const attachScroller = useCallback((el: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = undefined;
    scroller.current = el instanceof HTMLElement ? el : null;
    if (!(el instanceof HTMLElement)) return;
    stuck.current = true;
    // Nothing is measured here: Virtuoso re-renders rows in its own scroll handler, and a read of
    // the layout now would lay them out once more before the frame does.
    const scrolled = () => onScrollRef.current();
    el.addEventListener("scroll", scrolled, { passive: true });
    const stopFollowing = () => (following.current = false);
    const intents = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const type of intents) el.addEventListener(type, stopFollowing, { passive: true });
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
      if (stuck.current && gapBelow(el) > 0) el.scrollTop = el.scrollHeight;
    });
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    detach.current = () => {
      el.removeEventListener("scroll", scrolled);
      for (const type of intents) el.removeEventListener(type, stopFollowing);
      ro?.disconnect();
    };
  }, []);
  useEffect(() => () => detach.current?.(), []);

  /** Once per frame after scrolling or new rows (the list's sighting): is the list at its end? */
  const measure = useCallback((el: HTMLElement) => {
    stuck.current = gapBelow(el) <= BOTTOM_SLACK;
  }, []);

  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const last: StoredMessage | undefined = byId[ids[ids.length - 1]];
  const lastRef = useRef(last);
  lastRef.current = last;
  /** The last id when the list last followed its output (`followOutput`). */
  const followedMid = useRef(ids[ids.length - 1]);
  const lastKey = ids.length ? keyOf(ids[ids.length - 1], last, me) : undefined;
  const prevLastKey = useRef(lastKey);
  const wasEmpty = useRef(ids.length === 0);

  // A conversation opened with rows starts at its end (`initialTopMostItemIndex`) and follows it
  // like a burst: on a starved CPU Virtuoso's first estimate can land short of the end while more
  // rows (the rest of the stream's backlog) arrive, and a list not yet at its end would not
  // follow them. A jump on opening (a search result) ends this as any jump does.
  useEffect(() => {
    if (idsRef.current.length) pinSoon(true);
  }, [pinSoon]);

  useEffect(() => {
    if (lastKey === prevLastKey.current) return;
    prevLastKey.current = lastKey;
    if (wasEmpty.current && lastKey) {
      // The first page of an empty conversation: start at its bottom.
      wasEmpty.current = false;
      requestAnimationFrame(() => virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" }));
      return;
    }
    const l = lastRef.current;
    if (!atBottom.current && l && !(l.from_uid === me && l.sending)) setShowJump(true);
  }, [lastKey, me, virtuoso]);

  const followOutput = useCallback(
    (isAtBottom: boolean) => {
      const l = lastRef.current;
      // While a burst is being followed its next rows are too, though the pins have not yet
      // brought the list within Virtuoso's threshold of its end.
      const follow = isAtBottom || following.current || (l !== undefined && l.from_uid === me && !!l.sending);
      // Only rows added at the end are followed all the way (not a page of older ones).
      const lastMid = idsRef.current[idsRef.current.length - 1];
      const appended = lastMid !== followedMid.current;
      followedMid.current = lastMid;
      if (follow) pinSoon(appended);
      return follow ? ("auto" as const) : false;
    },
    [me, pinSoon],
  );

  const atBottomStateChange = useCallback((bottom: boolean) => {
    atBottom.current = bottom;
    // Away from the bottom (scrolled up, or jumped to a quoted message): offer the way back.
    setShowJump(!bottom && idsRef.current.length > 0);
  }, []);

  const scrollToBottom = useCallback(() => {
    virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" });
    setShowJump(false);
  }, [virtuoso]);

  /** A jump elsewhere in the list ends following the output. */
  const stopFollowing = useCallback(() => {
    following.current = false;
  }, []);

  return { scroller, attachScroller, measure, followOutput, atBottomStateChange, showJump, scrollToBottom, stopFollowing };
}
