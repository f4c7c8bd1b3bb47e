/**
 * The message list of one conversation, virtualized with react-virtuoso: ascending, grouped by
 * sender, with date dividers; pages in older messages at the top (keeping the viewport steady via
 * `firstItemIndex`) and sticks to the bottom when new ones arrive.
 */
import { forwardRef, useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import { Spinner } from "../Icons";
import { MessageActionsContext, onJumpRequest, type MessageActions, type MessageListContext } from "./actions";
import { dayLabel, isSameDay, startsGroup } from "./format";
import MessageItem from "./MessageItem";
import { JumpToUnreadPill, NewMessagesDivider, sight } from "./unread";

export interface MessageListProps {
  /** Identifies the conversation; changing it resets the scroll position to the bottom. */
  contextKey: string;
  messages: StoredMessage[];
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
}

/** Virtuoso's indexes of prepended items count down from here. */
const START_INDEX = 1_000_000_000;
const HIGHLIGHT_MS = 1600;
/** Within this many pixels of the end counts as at the bottom. */
const BOTTOM_SLACK = 48;

const keyOf = (m: StoredMessage, me?: number) => (m.local_id !== undefined && m.from_uid === me ? `l${m.local_id}` : `m${m.mid}`);

interface Row {
  key: string;
  message: StoredMessage;
  newDay: boolean;
  showHeader: boolean;
}

const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function List(props, ref) {
  return <div {...props} ref={ref} data-testid="message-list" />;
});

function DayDivider({ ts }: { ts: number }) {
  const { t } = useTranslation("chat");
  const label = dayLabel(ts, t);
  return (
    <div className="relative flex items-center px-5 pt-4 pb-1" role="separator" aria-label={label}>
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      <span className="mx-3 rounded-full border border-zinc-200 bg-white px-3 py-0.5 text-xs font-medium text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        {label}
      </span>
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

/** `parley:messages-painted` is marked once per page load (bench/client-boot.mjs reads it). */
let messagesPaintedMarked = false;

export default function MessageList(props: MessageListProps) {
  // A new conversation starts a new list (scrolled to its bottom). So does the first page of one
  // that opened empty (after a reload): Virtuoso's initial position lands on the last row, where
  // scrolling there after the fact can stop short of it while the rows are still being measured.
  return <ConversationList key={`${props.contextKey}:${props.messages.length ? "loaded" : "empty"}`} {...props} />;
}

function ConversationList({ messages, users, reactions, me, hasMore, loading, onLoadMore, intro, label, actions, unreadStart, onSeen }: MessageListProps) {
  const { t } = useTranslation("chat");
  const virtuoso = useRef<VirtuosoHandle>(null);
  const detach = useRef<() => void>(undefined);
  const scroller = useRef<HTMLElement | null>(null);
  /** Pin to the very end once the new rows are measured (Virtuoso's estimate can stop short). */
  const pinSoon = useCallback(() => {
    const pin = () => {
      const el = scroller.current;
      if (el && el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK) el.scrollTop = el.scrollHeight;
    };
    requestAnimationFrame(() => requestAnimationFrame(pin));
    setTimeout(pin, 150);
  }, []);
  // Content that grows after layout (lazy markdown, reactions, images) keeps a list that was at
  // the bottom there: `stick` follows the user's scrolling, a resize of the content re-pins.
  const attachScroller = useCallback((el: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = undefined;
    scroller.current = el instanceof HTMLElement ? el : null;
    if (!(el instanceof HTMLElement)) return;
    let stick = true;
    const onScroll = () => {
      stick = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
      sightSoon.current();
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
      if (stick && el.scrollHeight - el.scrollTop - el.clientHeight > 0) el.scrollTop = el.scrollHeight;
    });
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    detach.current = () => {
      el.removeEventListener("scroll", onScroll);
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
  const sightNow = useRef<() => void>(() => {});
  sightNow.current = () => {
    const el = scroller.current;
    if (!el) return;
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
  }, [messages, unreadStart]);
  useEffect(() => () => cancelAnimationFrame(sightFrame.current), []);

  const rows = useMemo<Row[]>(
    () =>
      messages.map((m, i) => {
        const prev = messages[i - 1];
        const newDay = !prev || !isSameDay(prev.created_at, m.created_at);
        return { key: keyOf(m, me), message: m, newDay, showHeader: newDay || startsGroup(prev, m) };
      }),
    [messages, me],
  );

  // The boot figure (bench/client-boot.mjs): navigation → the first conversation's rows on screen.
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (!hasRows || messagesPaintedMarked) return;
    messagesPaintedMarked = true;
    // The frame after the commit that rendered the rows.
    requestAnimationFrame(() => performance.mark("parley:messages-painted"));
  }, [hasRows]);

  // Older messages prepended: lower firstItemIndex by their number so the viewport stays put.
  const firstKey = rows[0]?.key;
  const [track, setTrack] = useState({ firstKey, firstIndex: START_INDEX - rows.length });
  if (track.firstKey !== firstKey) {
    const idx = track.firstKey ? rows.findIndex((r) => r.key === track.firstKey) : -1;
    setTrack({ firstKey, firstIndex: idx > 0 ? track.firstIndex - idx : track.firstIndex });
  }

  const last = messages[messages.length - 1];
  const lastRef = useRef(last);
  lastRef.current = last;
  const lastKey = last ? keyOf(last, me) : undefined;
  const prevLastKey = useRef(lastKey);
  const wasEmpty = useRef(messages.length === 0);

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
      if (follow) pinSoon();
      return follow ? ("auto" as const) : false;
    },
    [me, pinSoon],
  );

  const scrollToBottom = useCallback(() => {
    virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" });
    setShowJump(false);
  }, []);

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const jumpTo = useCallback((mid: number) => {
    const index = rowsRef.current.findIndex((r) => r.message.mid === mid);
    if (index < 0) return;
    virtuoso.current?.scrollToIndex({ index, align: "center" });
    setHighlighted(mid);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted(undefined), HIGHLIGHT_MS);
  }, []);
  useEffect(() => () => clearTimeout(highlightTimer.current), []);
  // Jumps asked for from outside the list (the pinned-messages panel): only to a loaded message.
  useEffect(
    () =>
      onJumpRequest((mid) => {
        if (!rowsRef.current.some((r) => r.message.mid === mid)) return false;
        jumpTo(mid);
        return true;
      }),
    [jumpTo],
  );

  const jumpToUnread = useCallback(() => {
    const index = rowsRef.current.findIndex((r) => r.message.mid === unreadStart?.mid);
    if (index >= 0) virtuoso.current?.scrollToIndex({ index, align: "start" });
    setUnreadDismissed(true);
  }, [unreadStart]);

  const context = useMemo<MessageListContext>(() => ({ ...actions, jumpTo, highlighted }), [actions, jumpTo, highlighted]);

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
    <div className="relative min-h-0 flex-1">
      <MessageActionsContext value={context}>
        <Virtuoso<Row>
          ref={virtuoso}
          className="scroll-thin absolute! inset-0 overflow-x-hidden"
          role="log"
          aria-label={label ?? t("message.list")}
          aria-busy={loading || undefined}
          data={rows}
          firstItemIndex={track.firstIndex}
          initialTopMostItemIndex={Math.max(0, rows.length - 1)}
          computeItemKey={(_, row) => row.key}
          alignToBottom
          followOutput={followOutput}
          atBottomThreshold={BOTTOM_SLACK}
          atBottomStateChange={(bottom) => {
            atBottom.current = bottom;
            // Away from the bottom (scrolled up, or jumped to a quoted message): offer the way back.
            setShowJump(!bottom && rowsRef.current.length > 0);
          }}
          startReached={() => {
            if (hasMore && !loading) onLoadMore();
          }}
          scrollerRef={attachScroller}
          itemsRendered={() => sightSoon.current()}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          components={{ List, Header, Footer: BottomSpace }}
          itemContent={(_, row) => (
            <>
              {row.newDay && <DayDivider ts={row.message.created_at} />}
              {row.message.mid === unreadStart?.mid && <NewMessagesDivider />}
              <MessageItem message={row.message} sender={users[row.message.from_uid]} users={users} showHeader={row.showHeader} reactions={reactions[row.message.mid]} me={me} />
            </>
          )}
        />
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
