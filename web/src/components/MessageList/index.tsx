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
import { STAGE, useStaged } from "../../hooks/useStaged";
import { Spinner } from "../Icons";
import { MessageActionsContext, type MessageActions, type MessageListContext } from "./actions";
import { messageLabels, MessageLabelsContext } from "./labels";
import { markBulkMount, RowStateContext, useRowStateOf } from "./rowState";
import { JumpToUnreadPill, sight } from "./unread";
import { keyOf, MessageRow } from "./MessageRow";
import { useActiveRow } from "./useActiveRow";
import { useJumpTo } from "./useJumpTo";
import { BOTTOM_SLACK, useStickToBottom } from "./useStickToBottom";
import { useUnreadMarker } from "./useUnreadMarker";

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
/** About as many rows as a window shows. */
const SCREENFUL = 20;
/** Rows rendered beyond the viewport (px), so that scrolling shows them at once. */
const OVERSCAN = { top: 400, bottom: 200 };

const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function List(props, ref) {
  return <div {...props} ref={ref} data-testid="message-list" />;
});

/** `parley:messages-painted` is marked once per page load (bench/client-boot.mjs reads it). */
let messagesPaintedMarked = false;

export default function MessageList(props: MessageListProps) {
  // A new conversation starts a new list (scrolled to its bottom). So does the first page of one
  // that opened empty (after a reload): Virtuoso's initial position lands on the last row, where
  // scrolling there after the fact can stop short of it while the rows are still being measured.
  return <StagedList key={`${props.contextKey}:${props.ids.length ? "loaded" : "empty"}`} {...props} />;
}

/**
 * A new list and its first screenful of rows mount in a render of their own (see useStaged), not
 * in the store update that brought the rows: the stream's backlog arriving while the
 * conversation opens, with the store's other news, was one task of well over 50 ms.
 */
function StagedList(props: MessageListProps) {
  const shown = useStaged(STAGE.messages);
  return shown ? <ConversationList {...props} /> : <div className="relative min-h-0 flex-1" />;
}

function ConversationList({ ids, byId, users, reactions, me, hasMore, loading, onLoadMore, intro, label, actions, unreadStart, onSeen, onRangeChange }: MessageListProps) {
  const { t, i18n } = useTranslation("chat");
  // What every row would otherwise look up on its own (labels.ts, rowState.ts).
  const language = i18n.language;
  const labels = useMemo(() => messageLabels(t, language), [t, language]);
  const rowState = useRowStateOf(actions?.selectionKey, actions?.gid);
  const virtuoso = useRef<VirtuosoHandle>(null);
  /** Once per frame after scrolling or new rows: where the list is, and what is on screen. */
  const sightNow = useRef<() => void>(() => {});
  const sightFrame = useRef(0);
  const sightSoon = useRef(() => {
    if (sightFrame.current) return;
    sightFrame.current = requestAnimationFrame(() => {
      sightFrame.current = 0;
      sightNow.current();
    });
  });
  const stick = useStickToBottom({ virtuoso, ids, byId, me, onScroll: () => sightSoon.current() });
  const { jumpTo, highlighted, highlightShown } = useJumpTo({ virtuoso, ids, onJump: stick.stopFollowing });
  // Read tracking (./unread.tsx): rows on screen are seen; the pill shows while the line is above.
  const unread = useUnreadMarker({ virtuoso, ids, unreadStart, onJump: stick.stopFollowing });
  const activeRow = useActiveRow();
  sightNow.current = () => {
    const el = stick.scroller.current;
    if (!el) return;
    stick.measure(el);
    activeRow.recheck();
    const seen = sight(el, unreadStart?.mid);
    if (seen.lastVisible) onSeen?.(seen.lastVisible);
    unread.sighted(seen.above);
  };
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
  // The rows beyond the viewport mount in the next frame: a conversation opens with a screenful
  // (see useStaged).
  const overscan = useStaged(STAGE.moreMessages);

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
      {...activeRow.handlers}
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
              followOutput={stick.followOutput}
              atBottomThreshold={BOTTOM_SLACK}
              atBottomStateChange={stick.atBottomStateChange}
              startReached={() => {
                if (hasMore && !loading) onLoadMore();
              }}
              rangeChanged={({ startIndex, endIndex }) => onRangeChange?.(startIndex - firstIndex, endIndex - firstIndex)}
              scrollerRef={stick.attachScroller}
              itemsRendered={() => sightSoon.current()}
              increaseViewportBy={overscan ? OVERSCAN : 0}
              components={{ List, Header, Footer: BottomSpace }}
              // Each row works out its day divider and header from the row above: per row on screen,
              // not for every message of the conversation whenever one arrives.
              itemContent={(index, mid) => {
                const i = index - firstIndex;
                return <MessageRow message={byId[mid]} prev={i > 0 ? byId[ids[i - 1]] : undefined} first={i === 0} unread={mid === unreadStart?.mid} users={users} reactions={reactions} me={me} active={activeRow.isActive(mid)} />;
              }}
            />
          </RowStateContext>
        </MessageLabelsContext>
      </MessageActionsContext>
      {stick.showJump && (
        <button
          type="button"
          onClick={stick.scrollToBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 animate-pop-in rounded-full bg-primary-600 px-4 py-1.5 text-xs font-semibold text-white shadow-lg hover:bg-primary-700 dark:bg-primary-500"
        >
          {t("message.jump_latest")}
        </button>
      )}
      {unreadStart && unread.showPill && <JumpToUnreadPill count={unreadStart.count} more={unreadStart.more} onJump={unread.jumpToUnread} onDismiss={unread.dismiss} />}
    </div>
  );
}

function BottomSpace() {
  return <div className="h-4" />;
}
