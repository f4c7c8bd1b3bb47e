import { useCallback, useEffect, useRef, useState } from "react";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks";
import { selectReadMarker } from "../../app/selectors";
import { markRead } from "../../app/services/readIndex";
import { convKey, type ConvKind, type StoredMessage } from "../../app/slices/messages";

export interface UnreadStart {
  /** The first message that was unread when the conversation was opened (the "New messages" line). */
  mid: number;
  /** How many were unread then. */
  count: number;
  /** Older messages not loaded yet are unread too: `count` is a lower bound. */
  more: boolean;
}

const pageActive = () => typeof document !== "undefined" && document.visibilityState === "visible" && document.hasFocus();

/**
 * Read state of the open conversation. The read marker is frozen when the conversation is opened
 * (once the stream is ready and the first messages are in), which places the "New messages" line;
 * from then on, messages seen while the page is visible and focused move the marker forward
 * (`markRead`: local at once, the server debounced). A message seen in a background window
 * counts once the window gets the focus back.
 */
export default function useConversationRead(kind: ConvKind, id: number, ids: number[], byId: Record<number, StoredMessage>, loading: boolean, hasMore = false) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const key = convKey(kind, id);
  const ready = useAppSelector((s) => s.ui.ready);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const [frozen, setFrozen] = useState<{ key: string; start: UnreadStart | null } | null>(null);

  const current = frozen?.key === key ? frozen : null;
  if (!current && ready && !loading && ids.length > 0) {
    const marker = selectReadMarker(store.getState(), kind, id);
    // The ids are ascending: the unread ones are at the end.
    const unread: StoredMessage[] = [];
    for (let i = ids.length - 1; i >= 0 && ids[i] > marker; i--) {
      const m = byId[ids[i]];
      if (m && m.from_uid !== me && !m.sending) unread.push(m);
    }
    unread.reverse();
    const more = hasMore && ids[0] > marker;
    setFrozen({ key, start: unread.length ? { mid: unread[0].mid, count: unread.length, more } : null });
  }
  const isFrozen = !!current;

  const lastSeen = useRef(0);
  const [prevKey, setPrevKey] = useState(key);
  if (prevKey !== key) {
    setPrevKey(key);
    lastSeen.current = 0;
  }

  const commit = useCallback(() => {
    if (isFrozen && lastSeen.current && pageActive()) dispatch(markRead(kind, id, lastSeen.current));
  }, [dispatch, kind, id, isFrozen]);

  /** The newest server mid on screen (from the message list). */
  const onSeen = useCallback(
    (mid: number) => {
      if (mid > lastSeen.current) lastSeen.current = mid;
      commit();
    },
    [commit],
  );

  // Seen while the window was in the background: read once it is back.
  useEffect(() => {
    commit();
    window.addEventListener("focus", commit);
    document.addEventListener("visibilitychange", commit);
    return () => {
      window.removeEventListener("focus", commit);
      document.removeEventListener("visibilitychange", commit);
    };
  }, [commit]);

  return { unreadStart: current?.start ?? null, onSeen };
}
