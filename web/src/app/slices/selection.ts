/**
 * Selected messages per conversation (operations: add, remove, reset). A conversation whose key is
 * present is in multi-select mode, even with nothing ticked yet; resetting it leaves the mode.
 */
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";

export interface SelectionState {
  /** Conversation key (`convKey`) → ticked mids, ascending. */
  byContext: Record<string, number[]>;
}

const initialState = (): SelectionState => ({ byContext: {} });

type Ref = { context: string; mid: number };

function add(list: number[], mid: number) {
  if (list.includes(mid)) return;
  list.push(mid);
  list.sort((a, b) => a - b);
}

export const selectionSlice = createSlice({
  name: "selection",
  initialState,
  reducers: {
    /** Enter multi-select mode, optionally with a first message ticked. */
    startSelection(state, { payload }: PayloadAction<{ context: string; mid?: number }>) {
      const list = (state.byContext[payload.context] ??= []);
      if (payload.mid !== undefined) add(list, payload.mid);
    },
    addSelected(state, { payload }: PayloadAction<Ref>) {
      add((state.byContext[payload.context] ??= []), payload.mid);
    },
    /** Untick messages (also when they are deleted); the mode stays on. */
    removeSelected(state, { payload }: PayloadAction<{ context: string; mids: number[] }>) {
      const list = state.byContext[payload.context];
      if (!list) return;
      state.byContext[payload.context] = list.filter((m) => !payload.mids.includes(m));
    },
    toggleSelected(state, { payload }: PayloadAction<Ref>) {
      const list = (state.byContext[payload.context] ??= []);
      const idx = list.indexOf(payload.mid);
      if (idx >= 0) list.splice(idx, 1);
      else add(list, payload.mid);
    },
    /** Leave multi-select mode. */
    resetSelection(state, { payload }: PayloadAction<string>) {
      delete state.byContext[payload];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll.type, () => initialState());
  },
});

export const { startSelection, addSelected, removeSelected, toggleSelected, resetSelection } = selectionSlice.actions;

const NONE: number[] = [];
type WithSelection = { selection?: SelectionState };

/** The ticked mids of a conversation, or undefined when it is not in multi-select mode. */
export const selectSelection = (s: WithSelection, context: string): number[] | undefined => s.selection?.byContext[context];
export const selectSelecting = (s: WithSelection, context: string): boolean => !!s.selection?.byContext[context];
export const selectIsSelected = (s: WithSelection, context: string, mid: number): boolean => (s.selection?.byContext[context] ?? NONE).includes(mid);

export default selectionSlice.reducer;
