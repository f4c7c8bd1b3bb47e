import { useCallback, useEffect, useMemo } from "react";
import type { ChatMessage } from "@parley/protocol";
import { useAppDispatch, useAppStore } from "../../app/hooks";
import { selectConversationIds, selectReadMarker } from "../../app/selectors";
import { convKey, releaseBodies, type ConvKind } from "../../app/slices/messages";

/** Rows kept loaded above and below the ones on screen. */
const MARGIN = 500;
/** Bodies are released again once the rows on screen or the list moved by this many rows. */
const RELEASE_STEP = 250;
/** Rows just off screen whose bodies are fetched with the visible ones. */
const LOOKAHEAD = 40;
/** Pages fetched in one go to fill the rows on screen. */
const MAX_PAGES = 10;

/**
 * Keeps the open conversation's message bodies around what is on screen. The list keeps every id
 * paged in (the rows, the scroll height), but only the bodies within `MARGIN` rows of the screen
 * (and the unread and newest ones: `releaseBodies`); scrolled back to, a row without a body shows
 * a placeholder and its body is paged in again with `before` = the next id below it (the page
 * ends just above that id, so it covers the row). So paging to the top of 100,000 messages keeps
 * a few thousand bodies, not 100,000 in a store that every incoming message copies.
 */
export default function useBodyWindow(kind: ConvKind, id: number, fetchPage: (before?: number) => Promise<ChatMessage[] | null>) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Per conversation: an older conversation's fill stops when this one opens.
  const session = useMemo(() => ({ kind, id, first: 0, last: -1, releasedFirst: 0, releasedLength: 0, busy: false, live: true }), [kind, id]);
  useEffect(() => {
    session.live = true;
    return () => {
      session.live = false;
    };
  }, [session]);

  /** Page in the bodies missing on (or just off) screen, newest first, until none is. */
  const fill = useCallback(async () => {
    if (session.busy) return;
    session.busy = true;
    try {
      // Each page brings the missing row or drops it (gone from the server); MAX_PAGES bounds one go.
      for (let pages = 0; pages < MAX_PAGES && session.live; pages++) {
        const state = store.getState();
        const ids = selectConversationIds(state, session.kind, session.id);
        let missing = -1;
        for (let i = Math.min(session.last + LOOKAHEAD, ids.length - 1); i >= Math.max(0, session.first - LOOKAHEAD); i--) {
          if (!state.messages.byId[ids[i]]) {
            missing = i;
            break;
          }
        }
        if (missing < 0) return;
        // A failed request is tried again when the rows on screen change.
        if (!(await fetchPage(ids[missing + 1]))) return;
      }
    } finally {
      session.busy = false;
    }
  }, [session, store, fetchPage]);

  /** The rows on screen (indexes into the conversation's ids), from the message list. */
  return useCallback(
    (first: number, last: number) => {
      session.first = first;
      session.last = last;
      void fill();
      const state = store.getState();
      const length = selectConversationIds(state, kind, id).length;
      if (Math.abs(first - session.releasedFirst) < RELEASE_STEP && Math.abs(length - session.releasedLength) < RELEASE_STEP) return;
      session.releasedFirst = first;
      session.releasedLength = length;
      const ticked = state.selection.byContext[convKey(kind, id)];
      dispatch(releaseBodies({ kind, id, from: first - MARGIN, to: last + MARGIN, readMid: selectReadMarker(state, kind, id), keep: ticked }));
    },
    [session, dispatch, store, kind, id, fill],
  );
}
