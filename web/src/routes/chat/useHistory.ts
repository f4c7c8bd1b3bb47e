import { useCallback, useEffect, useRef, useState } from "react";
import { HISTORY_PAGE_SIZE, type ChatMessage } from "@parley/protocol";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks";
import { selectConversationIds } from "../../app/selectors";
import { messageApi } from "../../app/services/message";
import { markGapFilled } from "../../app/slices/footprint";
import { convKey, receiveHistoryPage, setHistoryEnd, type ConvKind } from "../../app/slices/messages";
import { nextTask } from "../../utils/nextTask";

/** Max pages fetched to fill one history gap when a conversation opens. */
const GAP_MAX_PAGES = 10;

/**
 * History paging of a conversation over REST: fills stream gaps (`history_gap`) first, then loads
 * older pages when the list is short (< 100) or the user scrolls to the top.
 */
export default function useHistory(kind: ConvKind, id: number) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const key = convKey(kind, id);
  const ids = useAppSelector((s) => selectConversationIds(s, kind, id));
  const end = useAppSelector((s) => !!s.messages.historyEnd[key]);
  const gapsPending = useAppSelector((s) => {
    const filled = s.footprint.gapFilled[key] ?? 0;
    return s.footprint.historyGaps.some((g) => g.firstMid > filled);
  });
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const fetchPage = useCallback(
    async (before?: number): Promise<ChatMessage[] | null> => {
      // The request, the answer's handling and the page's merge and render each in a task of
      // their own: a conversation opens with up to GAP_MAX_PAGES of them in a row
      // (docs/PERFORMANCE.md "Client long tasks").
      await nextTask();
      const req = dispatch(messageApi.endpoints.getHistory.initiate({ kind, id, before, limit: HISTORY_PAGE_SIZE }, { subscribe: false, forceRefetch: true }));
      const res = await req;
      await nextTask();
      if (res.error || !Array.isArray(res.data)) return null;
      const me = store.getState().authData.user?.uid ?? 0;
      dispatch(receiveHistoryPage({ kind, id, me, before, messages: res.data }));
      return res.data;
    },
    [dispatch, store, kind, id],
  );

  /** The oldest server mid of the conversation (temps carry their local id as mid; a released body is a server message's). */
  const oldestMid = useCallback((): number | undefined => {
    const state = store.getState();
    for (const mid of selectConversationIds(state, kind, id)) {
      const m = state.messages.byId[mid];
      if (!m || (m.local_id !== mid && !m.sending)) return mid;
    }
    return undefined;
  }, [store, kind, id]);

  const loadOlder = useCallback(async () => {
    if (busy.current || store.getState().messages.historyEnd[key]) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await fetchPage(oldestMid());
      if (!page || page.length < HISTORY_PAGE_SIZE) dispatch(setHistoryEnd({ kind, id }));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [dispatch, fetchPage, oldestMid, store, key, kind, id]);

  // Fill the stream's history gaps for this conversation.
  useEffect(() => {
    if (!gapsPending || busy.current) return;
    let cancelled = false;
    (async () => {
      busy.current = true;
      setLoading(true);
      try {
        const { historyGaps, gapFilled } = store.getState().footprint;
        const filled = gapFilled[key] ?? 0;
        const todo = historyGaps.filter((g) => g.firstMid > filled).sort((a, b) => b.firstMid - a.firstMid);
        for (const gap of todo) {
          let before: number | undefined = gap.firstMid;
          for (let i = 0; i < GAP_MAX_PAGES && before !== undefined && !cancelled; i++) {
            const page = await fetchPage(before);
            if (!page || page.length < HISTORY_PAGE_SIZE || page[0].mid <= gap.afterMid) break;
            before = page[0].mid;
          }
          dispatch(markGapFilled({ key, firstMid: gap.firstMid }));
        }
      } finally {
        busy.current = false;
        setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [gapsPending, key, store, fetchPage, dispatch]);

  // A short list: page in older messages until there are 100 or the start is reached.
  useEffect(() => {
    if (gapsPending || end || loading || ids.length >= HISTORY_PAGE_SIZE) return;
    void loadOlder();
  }, [gapsPending, end, loading, ids.length, loadOlder]);

  return { loading, hasMore: !end, loadOlder, fetchPage };
}
