/**
 * The message list of one conversation: ascending, grouped by sender, with date dividers; pages in
 * older messages at the top and sticks to the bottom when new ones arrive. Self-contained so it
 * can be virtualized later without touching the chat view.
 */
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import { Spinner } from "../Icons";
import { dayLabel, isSameDay, startsGroup } from "./format";
import MessageItem from "./MessageItem";

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
}

const BOTTOM_SLACK = 48;
const TOP_TRIGGER = 120;

const keyOf = (m: StoredMessage, me?: number) => (m.local_id !== undefined && m.from_uid === me ? `l${m.local_id}` : `m${m.mid}`);

export default function MessageList({ contextKey, messages, users, reactions, me, hasMore, loading, onLoadMore, intro, label }: MessageListProps) {
  const { t } = useTranslation("chat");
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ key: string; firstKey?: string; lastKey?: string; height: number }>({ key: "", height: 0 });
  const [showJump, setShowJump] = useState(false);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setShowJump(false);
  }, []);

  // Keep the viewport steady when older messages are prepended; follow new ones at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0];
    const last = messages[messages.length - 1];
    const firstKey = first ? keyOf(first, me) : undefined;
    const lastKey = last ? keyOf(last, me) : undefined;
    const p = prev.current;
    if (p.key !== contextKey) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    } else if (firstKey !== p.firstKey && lastKey === p.lastKey && p.height) {
      el.scrollTop += el.scrollHeight - p.height;
    } else if (lastKey !== p.lastKey) {
      if (atBottom.current || (last && last.from_uid === me && last.sending)) {
        el.scrollTop = el.scrollHeight;
        atBottom.current = true;
      } else {
        setShowJump(true);
      }
    }
    prev.current = { key: contextKey, firstKey, lastKey, height: el.scrollHeight };
  }, [messages, contextKey, me]);

  // Content that grows after layout (images, fonts) keeps a bottom-stuck list at the bottom.
  useEffect(() => {
    const el = scroller.current;
    const inner = el?.firstElementChild;
    if (!el || !inner || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      prev.current.height = el.scrollHeight;
    });
    ro.observe(inner);
    return () => ro.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (atBottom.current) setShowJump(false);
    if (el.scrollTop < TOP_TRIGGER && hasMore && !loading) onLoadMore();
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="scroll-thin absolute inset-0 overflow-x-hidden overflow-y-auto"
        role="log"
        aria-label={label ?? t("message.list")}
        aria-busy={loading || undefined}
      >
        <div className="flex min-h-full flex-col justify-end pb-4">
          {loading && (
            <div className="flex justify-center py-4 text-zinc-400">
              <Spinner size={18} label={t("message.loading")} />
            </div>
          )}
          {!hasMore && !loading && intro}
          <ol className="list-none" data-testid="message-list">
            {messages.map((m, i) => {
              const prevMsg = messages[i - 1];
              const newDay = !prevMsg || !isSameDay(prevMsg.created_at, m.created_at);
              return (
                <Fragment key={keyOf(m, me)}>
                  {newDay && (
                    <li className="relative my-3 flex items-center px-5" role="separator" aria-label={dayLabel(m.created_at, t)}>
                      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
                      <span className="mx-3 rounded-full border border-zinc-200 bg-white px-3 py-0.5 text-xs font-medium text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
                        {dayLabel(m.created_at, t)}
                      </span>
                      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
                    </li>
                  )}
                  <MessageItem
                    message={m}
                    sender={users[m.from_uid]}
                    users={users}
                    showHeader={newDay || startsGroup(prevMsg, m)}
                    reactions={reactions[m.mid]}
                    me={me}
                  />
                </Fragment>
              );
            })}
          </ol>
        </div>
      </div>
      {showJump && (
        <button
          type="button"
          onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 animate-pop-in rounded-full bg-primary-600 px-4 py-1.5 text-xs font-semibold text-white shadow-lg hover:bg-primary-700 dark:bg-primary-500"
        >
          {t("message.jump_latest")}
        </button>
      )}
    </div>
  );
}
