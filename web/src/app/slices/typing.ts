/**
 * Who is typing where (Parley's `typing` events, docs/API.md "Users"). Never persisted: an entry
 * lives TYPING_EXPIRE_MS after its last event, and ends at once when that user's message arrives
 * in the conversation.
 */
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { MessageTarget } from "@parley/protocol";
import { resetAll } from "../actions";
import { conversationOf, convKey, receiveMessages } from "./messages";

/** How long a `typing` event counts (the sender repeats it at most every 3 s while typing). */
export const TYPING_EXPIRE_MS = 5_000;

export interface TypingState {
  /** Conversation key (`channel:1`, `dm:2`) → uid → time of the last event (ms). */
  byConv: Record<string, Record<number, number>>;
}

const initialState = (): TypingState => ({ byConv: {} });

function drop(state: TypingState, key: string, uid: number) {
  const conv = state.byConv[key];
  if (!conv || !(uid in conv)) return;
  delete conv[uid];
  if (!Object.keys(conv).length) delete state.byConv[key];
}

export const typingSlice = createSlice({
  name: "typing",
  initialState,
  reducers: {
    typingStarted(state, { payload }: PayloadAction<{ me: number; uid: number; target: MessageTarget; at: number }>) {
      const { me, uid, target, at } = payload;
      if (uid === me) return;
      const { kind, id } = conversationOf({ from_uid: uid, target }, me);
      const key = convKey(kind, id);
      // Stale entries of this conversation go with the update, so the map never grows unbounded.
      const conv = { ...state.byConv[key] };
      for (const [other, time] of Object.entries(conv)) if (at - time >= TYPING_EXPIRE_MS) delete conv[Number(other)];
      conv[uid] = at;
      state.byConv[key] = conv;
    },
    typingStopped(state, { payload }: PayloadAction<{ key: string; uid: number }>) {
      drop(state, payload.key, payload.uid);
    },
  },
  extraReducers: (builder) => {
    // A message from a typing user ends their indicator in that conversation.
    builder.addCase(receiveMessages, (state, { payload }) => {
      for (const m of payload.messages) {
        if (m.detail.type === "reaction") continue;
        const { kind, id } = conversationOf(m, payload.me);
        drop(state, convKey(kind, id), m.from_uid);
      }
    });
    builder.addCase(resetAll.type, () => initialState());
  },
});

export const { typingStarted, typingStopped } = typingSlice.actions;

/** The uids typing in a conversation at `now`, oldest event first. */
export function activeTypers(state: TypingState, key: string, now: number): number[] {
  const conv = state.byConv[key];
  if (!conv) return [];
  return Object.entries(conv)
    .filter(([, at]) => now - at < TYPING_EXPIRE_MS)
    .sort((a, b) => a[1] - b[1])
    .map(([uid]) => Number(uid));
}
