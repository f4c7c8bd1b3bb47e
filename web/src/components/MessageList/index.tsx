/**
 * The message list of one conversation, virtualized with react-virtuoso: ascending, grouped by
 * sender, with date dividers; pages in older messages at the top (keeping the viewport steady via
 * `firstItemIndex`) and sticks to the bottom when new ones arrive.
 */
import { forwardRef, useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import type { StoredMessage } from "../../app/slices/messages";
import { indexOfSorted } from "../../app/slices/sortedIds";
import type { StoredUser } from "../../app/slices/users";
import { Spinner } from "../Icons";
import { MessageActionsContext, onJumpRequest, retryPendingJump, type MessageActions, type MessageListContext } from "./actions";
import { messageLabels, MessageLabelsContext } from "./labels";
import { markBulkMount, RowStateContext, useRowStateOf } from "./rowState";
import { JumpToUnreadPill, sight } from "./unread";
import { keyOf, MessageRow } from "./MessageRow";

export interface MessageListProps {
  /** Identifies the conversation; changing it resets the scroll position to the bottom. */
  contextKey: string;
  /**
   * The conversation's ids, ascending: one row each. A row whose body is not in `byId` (released
   * far from the screen) shows a placeholder until `onRangeChange`'s owner pages it in again.
   */
  ids: number[];
  byId: Record<number, StoredMessage>;
  users: Record<number, StoredUser>;
  reactions: Record<number, Record<string, number[]>>;
  me?: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Shown above the first message once the start of the history is reached. */
  intro?: ReactNode;
  label?: string;
  /** The message toolbar's actions; without them messages are read-only. */
  actions?: MessageActions;
  /** The first message unread when the conversation was opened: the "New messages" line goes above it. */
  unreadStart?: { mid: number; count: number; more?: boolean } | null;
  /** Called with the newest server mid on screen, as the user scrolls and messages arrive. */
  onSeen?: (mid: number) => void;
  /** Called with the rows on screen (indexes into `ids`) as they change. */
  onRangeChange?: (first: number, last: number) => void;
}

/** Virtuoso's indexes of prepended items count down from here. */
const START_INDEX = 1_000_000_000;
/** How long a jumped-to message stays highlighted once its row is on screen. */
const HIGHLIGHT_MS = 1600;
const HIGHLIGHT_FALLBACK_MS = 10_000;
/** Within this many pixels of the end counts as at the bottom. */
const BOTTOM_SLACK = 48;
/** How long after new rows arrive at the bottom the list keeps pinning itself to the end. */
const FOLLOW_MS = 400;
/** About as many rows as a window shows. */
const SCREENFUL = 20;

/** The message (mid) of the row an element is in. */
const rowMidOf = (el: EventTarget | null): number | undefined => {
  const row = el instanceof Element ? el.closest<HTMLElement>("[data-mid]") : null;
  return row ? Number(row.dataset.mid) : undefined;
};

const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function List(props, ref) {
  return <div {...props} ref={ref} data-testid="message-list" />;
});

/** `parley:messages-painted` is marked once per page load (bench/client-boot.mjs reads it). */
let messagesPaintedMarked = false;

export default function MessageList(props: MessageListProps) {
  // A new conversation starts a new list (scrolled to its bottom). So does the first page of one
  // that opened empty (after a reload): Virtuoso's initial position lands on the last row, where
  // scrolling there after the fact can stop short of it while the rows are still being measured.
  return <ConversationList key={`${props.contextKey}:${props.ids.length ? "loaded" : "empty"}`} {...props} />;
}

function ConversationList({ ids, byId, users, reactions, me, hasMore, loading, onLoadMore, intro, label, actions, unreadStart, onSeen, onRangeChange }: MessageListProps) {
  const { t, i18n } = useTranslation("chat");
  // What every row would otherwise look up on its own (labels.ts, rowState.ts).
  const language = i18n.language;
  const labels = useMemo(() => messageLabels(t, language), [t, language]);
  const rowState = useRowStateOf(actions?.selectionKey, actions?.gid);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const detach = useRef<() => void>(undefined);
  const scroller = useRef<HTMLElement | null>(null);
  /**
   * Until when the list follows new rows to its end (performance.now()); the reader's own
   * scrolling (wheel, touch, keys, the scrollbar) calls it off.
   */
  const followUntil = useRef(0);
  /**
   * Pin to the very end once the new rows are measured. Virtuoso's own follow scrolls by its
   * estimate of the new rows' heights: a large batch (the stream's backlog arriving while the
   * conversation opens) can leave it far short of the end, so this goes to the last row again,
   * wherever the estimate stopped.
   */
  const pinSoon = useCallback((appended: boolean) => {
    if (appended) followUntil.current = performance.now() + FOLLOW_MS;
    const pin = () => {
      const el = scroller.current;
      if (!el) return;
      const gap = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (gap <= 1) return;
      if (performance.now() <= followUntil.current) virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" });
      else if (gap <= BOTTOM_SLACK) el.scrollTop = el.scrollHeight;
    };
    requestAnimationFrame(() => requestAnimationFrame(pin));
    setTimeout(pin, 150);
    setTimeout(pin, FOLLOW_MS - 50);
  }, []);
  // Content that grows after layout (lazy markdown, reactions, images) keeps a list that was at
  // the bottom there: `stuck` follows the user's scrolling, a resize of the content re-pins.
  const stuck = useRef(true);
  const attachScroller = useCallback((el: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = undefined;
    scroller.current = el instanceof HTMLElement ? el : null;
    if (!(el instanceof HTMLElement)) return;
    stuck.current = true;
    // Nothing is measured here: Virtuoso re-renders rows in its own scroll handler, and a read of
    // the layout now would lay them out once more before the frame does (see `sightNow`).
    const onScroll = () => sightSoon.current();
    el.addEventListener("scroll", onScroll, { passive: true });
    const stopFollowing = () => (followUntil.current = 0);
    const intents = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const type of intents) el.addEventListener(type, stopFollowing, { passive: true });
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
      if (stuck.current && el.scrollHeight - el.scrollTop - el.clientHeight > 0) el.scrollTop = el.scrollHeight;
    });
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    detach.current = () => {
      el.removeEventListener("scroll", onScroll);
      for (const type of intents) el.removeEventListener(type, stopFollowing);
      ro?.disconnect();
    };
  }, []);
  useEffect(() => () => detach.current?.(), []);
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [highlighted, setHighlighted] = useState<number>();
  // Read tracking (./unread.tsx): rows on screen are seen; the pill shows while the line is above.
  const [unreadAbove, setUnreadAbove] = useState(false);
  const [unreadDismissed, setUnreadDismissed] = useState(false);
  // The row under the mouse and the row holding the focus show their toolbars. Tracked here, not
  // by each row: a row that appears under a resting pointer (its body paged in, rows shifting) gets
  // no mouse event, so the row under it is looked up again after layout (`sightNow`), as CSS
  // :hover is.
  const [hoverMid, setHoverMid] = useState<number>();
  const [focusMid, setFocusMid] = useState<number>();
  const pointer = useRef<{ x: number; y: number } | null>(null);
  /** Once per frame after scrolling or new rows: where the list is, and what is on screen. */
  const sightNow = useRef<() => void>(() => {});
  sightNow.current = () => {
    const el = scroller.current;
    if (!el) return;
    stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
    if (pointer.current) setHoverMid(rowMidOf(document.elementFromPoint(pointer.current.x, pointer.current.y)));
    const seen = sight(el, unreadStart?.mid);
    if (seen.lastVisible) onSeen?.(seen.lastVisible);
    setUnreadAbove(!!unreadStart && seen.above);
  };
  const sightFrame = useRef(0);
  const sightSoon = useRef(() => {
    if (sightFrame.current) return;
    sightFrame.current = requestAnimationFrame(() => {
      sightFrame.current = 0;
      sightNow.current();
    });
  });
  useEffect(() => {
    // After Virtuoso has laid out the new rows.
    const timer = setTimeout(() => sightSoon.current(), 120);
    return () => clearTimeout(timer);
  }, [ids, byId, unreadStart]);
  useEffect(() => () => cancelAnimationFrame(sightFrame.current), []);

  // The boot figure (bench/client-boot.mjs): navigation → the first conversation's rows on screen.
  const hasRows = ids.length > 0;
  useEffect(() => {
    if (!hasRows || messagesPaintedMarked) return;
    messagesPaintedMarked = true;
    // The frame after the commit that rendered the rows.
    requestAnimationFrame(() => performance.mark("parley:messages-painted"));
  }, [hasRows]);

  // Older messages prepended: lower firstItemIndex by their number so the viewport stays put.
  const firstMid = ids[0];
  const [track, setTrack] = useState(() => {
    // A conversation opening with a screenful of rows mounts them in bulk too (rowState.ts).
    if (ids.length >= SCREENFUL) markBulkMount(rowState.bulk);
    return { firstMid, firstIndex: START_INDEX - ids.length };
  });
  if (track.firstMid !== firstMid) {
    // Rows mounting with a page of history (or while scrolling) mount their toolbars later (rowState.ts).
    markBulkMount(rowState.bulk);
    const idx = track.firstMid !== undefined ? indexOfSorted(ids, track.firstMid) : -1;
    setTrack({ firstMid, firstIndex: idx > 0 ? track.firstIndex - idx : track.firstIndex });
  }
  const firstIndex = track.firstIndex;

  const last: StoredMessage | undefined = byId[ids[ids.length - 1]];
  const lastRef = useRef(last);
  lastRef.current = last;
  /** The last id when the list last followed its output (`followOutput`). */
  const followedMid = useRef(ids[ids.length - 1]);
  const lastKey = ids.length ? keyOf(ids[ids.length - 1], last, me) : undefined;
  const prevLastKey = useRef(lastKey);
  const wasEmpty = useRef(ids.length === 0);

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
  }, [lastKey, me]);

  const followOutput = useCallback(
    (isAtBottom: boolean) => {
      const l = lastRef.current;
      const follow = isAtBottom || (l !== undefined && l.from_uid === me && !!l.sending);
      // Only rows added at the end are followed all the way (not a page of older ones).
      const lastMid = idsRef.current[idsRef.current.length - 1];
      const appended = lastMid !== followedMid.current;
      followedMid.current = lastMid;
      if (follow) pinSoon(appended);
      return follow ? ("auto" as const) : false;
    },
    [me, pinSoon],
  );

  const scrollToBottom = useCallback(() => {
    virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" });
    setShowJump(false);
  }, []);

  const idsRef = useRef(ids);
  idsRef.current = ids;
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const jumpTo = useCallback((mid: number) => {
    const index = indexOfSorted(idsRef.current, mid);
    if (index < 0) return;
    followUntil.current = 0;
    virtuoso.current?.scrollToIndex({ index, align: "center" });
    setHighlighted(mid);
    // The flash is timed from when the row is on screen (`highlightShown`); this only ends a
    // highlight whose row never appeared.
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted(undefined), HIGHLIGHT_FALLBACK_MS);
  }, []);
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

  const jumpToUnread = useCallback(() => {
    const index = unreadStart ? indexOfSorted(idsRef.current, unreadStart.mid) : -1;
    followUntil.current = 0;
    if (index >= 0) virtuoso.current?.scrollToIndex({ index, align: "start" });
    setUnreadDismissed(true);
  }, [unreadStart]);

  const context = useMemo<MessageListContext>(() => ({ ...actions, jumpTo, highlighted, highlightShown }), [actions, jumpTo, highlighted, highlightShown]);

  const Header = useCallback(
    () => (
      <>
        {loading && (
          <div className="flex justify-center py-4 text-zinc-400">
            <Spinner size={18} label={t("message.loading")} />
          </div>
        )}
        {!hasMore && !loading && intro}
      </>
    ),
    [loading, hasMore, intro, t],
  );

  return (
    <div
      className="relative min-h-0 flex-1"
      // Capture: before Virtuoso's own scroll handler renders the rows that come into view.
      onScrollCapture={() => markBulkMount(rowState.bulk)}
      onMouseMove={(e) => {
        pointer.current = { x: e.clientX, y: e.clientY };
        setHoverMid(rowMidOf(e.target));
      }}
      onMouseLeave={() => {
        pointer.current = null;
        setHoverMid(undefined);
      }}
      onFocus={(e) => setFocusMid(rowMidOf(e.target))}
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusMid(undefined);
      }}
    >
      <MessageActionsContext value={context}>
        <MessageLabelsContext value={labels}>
          <RowStateContext value={rowState}>
            <Virtuoso<number>
              ref={virtuoso}
              className="scroll-thin absolute! inset-0 overflow-x-hidden"
              role="log"
              aria-label={label ?? t("message.list")}
              aria-busy={loading || undefined}
              data={ids}
              firstItemIndex={firstIndex}
              initialTopMostItemIndex={Math.max(0, ids.length - 1)}
              computeItemKey={(_, mid) => keyOf(mid, byId[mid], me)}
              alignToBottom
              followOutput={followOutput}
              atBottomThreshold={BOTTOM_SLACK}
              atBottomStateChange={(bottom) => {
                atBottom.current = bottom;
                // Away from the bottom (scrolled up, or jumped to a quoted message): offer the way back.
                setShowJump(!bottom && idsRef.current.length > 0);
              }}
              startReached={() => {
                if (hasMore && !loading) onLoadMore();
              }}
              rangeChanged={({ startIndex, endIndex }) => onRangeChange?.(startIndex - firstIndex, endIndex - firstIndex)}
              scrollerRef={attachScroller}
              itemsRendered={() => sightSoon.current()}
              increaseViewportBy={{ top: 400, bottom: 200 }}
              components={{ List, Header, Footer: BottomSpace }}
              // Each row works out its day divider and header from the row above: per row on screen,
              // not for every message of the conversation whenever one arrives.
              itemContent={(index, mid) => {
                const i = index - firstIndex;
                return <MessageRow message={byId[mid]} prev={i > 0 ? byId[ids[i - 1]] : undefined} first={i === 0} unread={mid === unreadStart?.mid} users={users} reactions={reactions} me={me} active={mid === hoverMid || mid === focusMid} />;
              }}
            />
          </RowStateContext>
        </MessageLabelsContext>
      </MessageActionsContext>
      {showJump && (
        <button
          type="button"
          onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 animate-pop-in rounded-full bg-primary-600 px-4 py-1.5 text-xs font-semibold text-white shadow-lg hover:bg-primary-700 dark:bg-primary-500"
        >
          {t("message.jump_latest")}
        </button>
      )}
      {unreadStart && unreadAbove && !unreadDismissed && <JumpToUnreadPill count={unreadStart.count} more={unreadStart.more} onJump={jumpToUnread} onDismiss={() => setUnreadDismissed(true)} />}
    </div>
  );
}

function BottomSpace() {
  return <div className="h-4" />;
}
