/**
 * Read markers (`POST /user/read-index`, docs/API.md "Users"). Seeing a message moves
 * the local marker at once (the unread badge clears) and queues the mid; the queue is sent as one
 * `{users, groups}` body ~500 ms after the first mark, as the VoceChat client does. A marker never
 * goes backwards: lower or equal mids than the one already sent (or queued) are dropped.
 */
import type { UpdateReadIndexRequest } from "@parley/protocol";
import type { AppDispatch, RootState } from "../store";
import { updateReadIndexes } from "../slices/footprint";
import type { ConvKind } from "../slices/messages";
import { selectReadMarker } from "../selectors";
import { conversationUserApi } from "./conversation";

export const READ_INDEX_DELAY_MS = 500;

type Send = (body: UpdateReadIndexRequest) => Promise<boolean>;

export class ReadIndexBatcher {
  private pending: Record<ConvKind, Map<number, number>> = { channel: new Map(), dm: new Map() };
  private sent: Record<ConvKind, Map<number, number>> = { channel: new Map(), dm: new Map() };
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: Send,
    private readonly delay = READ_INDEX_DELAY_MS,
  ) {}

  /** Queue `mid` as read in a conversation; false when it would not move the marker forward. */
  mark(kind: ConvKind, id: number, mid: number): boolean {
    if (!(mid > 0) || mid <= (this.sent[kind].get(id) ?? 0) || mid <= (this.pending[kind].get(id) ?? 0)) return false;
    this.pending[kind].set(id, mid);
    this.timer ??= setTimeout(() => void this.flush(), this.delay);
    return true;
  }

  hasPending(): boolean {
    return this.pending.channel.size + this.pending.dm.size > 0;
  }

  /** Send what is queued now (also on page hide). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.hasPending()) return;
    const body: UpdateReadIndexRequest = {};
    const users = [...this.pending.dm].map(([uid, mid]) => ({ uid, mid }));
    const groups = [...this.pending.channel].map(([gid, mid]) => ({ gid, mid }));
    if (users.length) body.users = users;
    if (groups.length) body.groups = groups;
    const batch = this.pending;
    this.pending = { channel: new Map(), dm: new Map() };
    for (const kind of ["channel", "dm"] as const) for (const [id, mid] of batch[kind]) this.sent[kind].set(id, mid);
    const ok = await this.send(body);
    if (!ok) {
      // Not stored: forget it was sent, so the next sighting sends it again.
      for (const kind of ["channel", "dm"] as const) {
        for (const [id, mid] of batch[kind]) if (this.sent[kind].get(id) === mid) this.sent[kind].delete(id);
      }
    }
  }

  /** Drop everything (sign-out). */
  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = { channel: new Map(), dm: new Map() };
    this.sent = { channel: new Map(), dm: new Map() };
  }
}

let batcher: ReadIndexBatcher | null = null;

function batcherFor(dispatch: AppDispatch): ReadIndexBatcher {
  if (!batcher) {
    batcher = new ReadIndexBatcher(async (body) => {
      const res = await dispatch(conversationUserApi.endpoints.updateReadIndex.initiate(body, { track: false }));
      return !("error" in res);
    });
    if (typeof window !== "undefined") {
      const flushNow = () => void batcher?.flush();
      window.addEventListener("pagehide", flushNow);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "hidden") flushNow();
      });
    }
  }
  return batcher;
}

/** Mark a conversation read up to `mid` (a thunk): the local marker now, the server shortly. */
export const markRead = (kind: ConvKind, id: number, mid: number) => (dispatch: AppDispatch, getState: () => RootState) => {
  if (!(mid > 0) || mid <= selectReadMarker(getState(), kind, id)) return;
  dispatch(updateReadIndexes(kind === "channel" ? { groups: [{ gid: id, mid }] } : { users: [{ uid: id, mid }] }));
  batcherFor(dispatch).mark(kind, id, mid);
};

/** "Mark as read" of the sidebar: up to the newest server message of the conversation. */
export const markConversationRead = (kind: ConvKind, id: number) => (dispatch: AppDispatch, getState: () => RootState) => {
  const state = getState();
  const ids = state.messages[kind][id] ?? [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const m = state.messages.byId[ids[i]];
    if (m && !m.sending && m.local_id !== m.mid) {
      dispatch(markRead(kind, id, m.mid));
      return;
    }
  }
};
