import { HISTORY_PAGE_SIZE } from "@parley/protocol";
import type { AppStore } from "../../app/store";
import { messageApi } from "../../app/services/message";
import { convKey, receiveMessages, setHistoryEnd, type ConvKind } from "../../app/slices/messages";
import { requestJumpWhenRendered } from "../MessageList/actions";

/** At most this many history pages are paged in to reach one message (100 each). */
const MAX_PAGES = 50;
/** How long a paged-in message may take to appear in the list before the jump gives up. */
const JUMP_WAIT_MS = 15_000;

/**
 * Page the conversation back until `mid` is loaded. The list stays contiguous (history is only
 * ever paged backwards from the oldest loaded message), so the pages in between are loaded too.
 */
export async function loadUntil(store: AppStore, kind: ConvKind, id: number, mid: number): Promise<boolean> {
  const key = convKey(kind, id);
  for (let i = 0; i < MAX_PAGES; i++) {
    const s = store.getState();
    const ids = s.messages[kind][id] ?? [];
    if (ids.includes(mid)) return true;
    if (s.messages.historyEnd[key]) return false;
    const oldest = ids.find((x) => {
      const m = s.messages.byId[x];
      return m && !m.sending && m.local_id !== x;
    });
    if (oldest !== undefined && oldest < mid) return false;
    const res = await store.dispatch(
      messageApi.endpoints.getHistory.initiate({ kind, id, before: oldest, limit: HISTORY_PAGE_SIZE }, { subscribe: false, forceRefetch: true }),
    );
    if (res.error || !Array.isArray(res.data)) return false;
    store.dispatch(receiveMessages({ me: s.authData.user?.uid ?? 0, messages: res.data }));
    if (res.data.length < HISTORY_PAGE_SIZE) store.dispatch(setHistoryEnd({ kind, id }));
    if (!res.data.length) return store.getState().messages[kind][id]?.includes(mid) ?? false;
  }
  return false;
}

/** Scroll the open list to a loaded message and flash it, as soon as the list has rendered its row. */
export function jumpWhenRendered(mid: number): Promise<boolean> {
  return requestJumpWhenRendered(mid, JUMP_WAIT_MS);
}

/** Show a message in context: load the history down to it, then scroll to it and highlight it. */
export async function revealMessage(store: AppStore, kind: ConvKind, id: number, mid: number): Promise<boolean> {
  if (!(await loadUntil(store, kind, id, mid))) return false;
  return jumpWhenRendered(mid);
}
