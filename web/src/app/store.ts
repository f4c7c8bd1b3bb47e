/**
 * The Redux store. Only what the login page needs is registered up front (auth, ui, server); the
 * chat slices and the RTK Query API are injected when their (lazy) modules load — see
 * `app/services/index.ts`. The store is assembled from redux core (not RTK's configureStore) so the
 * login bundle carries neither createSlice/immer nor RTK Query.
 */
import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type MiddlewareAPI,
  type Reducer,
  type ThunkDispatch,
  type UnknownAction,
} from "@reduxjs/toolkit";
import { authDataReducer, type AuthState } from "./slices/auth.data";
import { serverReducer, type ServerState } from "./slices/server";
import { uiReducer, type UIState } from "./slices/ui";
import type { ChannelsState } from "./slices/channels";
import type { FootprintState } from "./slices/footprint";
import type { MessagesState } from "./slices/messages";
import type { TypingState } from "./slices/typing";
import type { UsersState } from "./slices/users";
import type { SelectionState } from "./slices/selection";
import type { api } from "./services/api";

interface EntryState {
  authData: AuthState;
  ui: UIState;
  server: ServerState;
}

/** State registered once the chat part of the app loads. */
export interface LazyState {
  channels: ChannelsState;
  users: UsersState;
  messages: MessagesState;
  footprint: FootprintState;
  typing: TypingState;
  selection: SelectionState;
  api: ReturnType<typeof api.reducer>;
}

/** The full state. The lazy parts are always injected before any code that reads them runs. */
export type RootState = EntryState & LazyState;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** A slice or the RTK Query API, as `inject` registers it. */
export interface StorePart {
  reducerPath: string;
  reducer: Reducer;
  middleware?: Middleware;
}

/** redux-thunk, inlined. */
const thunk: Middleware = (storeApi) => (next) => (action) =>
  typeof action === "function" ? action(storeApi.dispatch, storeApi.getState, undefined) : next(action);

export interface StoreOptions {
  /** Parts registered from the start (so `preloadedState` may fill them too). */
  parts?: readonly StorePart[];
  preloadedState?: Partial<RootState>;
}

/**
 * A store with the entry slices, `parts` and an `inject` for the rest. The app has one (`store`);
 * a component test makes its own (test/renderWithStore.tsx).
 */
export function createAppStore({ parts = [], preloadedState }: StoreOptions = {}) {
  const reducers: Record<string, Reducer> = { authData: authDataReducer, ui: uiReducer, server: serverReducer };

  // Middleware added at runtime (the RTK Query API's), composed behind a fixed slot.
  const dynamicList: Middleware[] = [];
  let slotApi: MiddlewareAPI | null = null;
  let slotNext: ((action: unknown) => unknown) | null = null;
  let slotChain: ((action: unknown) => unknown) | null = null;
  const rebuildChain = () => {
    if (!slotApi || !slotNext) return;
    const storeApi = slotApi;
    slotChain = dynamicList.length ? compose<(action: unknown) => unknown>(...dynamicList.map((m) => m(storeApi)))(slotNext) : slotNext;
  };
  const dynamicSlot: Middleware = (storeApi) => {
    slotApi = storeApi;
    return (next) => {
      slotNext = next;
      rebuildChain();
      return (action) => slotChain!(action);
    };
  };

  /** Add parts not yet registered; returns whether any was. */
  const add = (list: readonly StorePart[]) => {
    let changed = false;
    for (const part of list) {
      if (reducers[part.reducerPath]) continue;
      reducers[part.reducerPath] = part.reducer;
      if (part.middleware) dynamicList.push(part.middleware);
      changed = true;
    }
    return changed;
  };
  add(parts);

  const created = createStore(
    combineReducers(reducers) as unknown as Reducer<RootState>,
    preloadedState as RootState | undefined,
    applyMiddleware(thunk, dynamicSlot),
  ) as unknown as Omit<ReturnType<typeof createStore<RootState, UnknownAction>>, "dispatch"> & { dispatch: AppDispatch };

  /** Register slices / the RTK Query API (and its middleware) at runtime. Idempotent. */
  function inject(...more: StorePart[]) {
    if (!add(more)) return;
    rebuildChain();
    // replaceReducer dispatches an init action, so the new keys get their initial state at once.
    created.replaceReducer(combineReducers(reducers) as unknown as Reducer<RootState>);
  }

  return Object.assign(created, { inject });
}

export const store = createAppStore();

export type AppStore = typeof store;

/** Register parts in the app's store (the lazy chunks' `app/services` does). */
export const inject = (...parts: StorePart[]) => store.inject(...parts);
