/**
 * The Redux store. Only what the login page needs is registered up front (auth, ui, server); the
 * chat slices and the RTK Query APIs are injected when their (lazy) modules load — see
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
import type { authApi } from "./services/auth";
import type { channelApi } from "./services/channel";
import type { messageApi } from "./services/message";
import type { serverApi } from "./services/server";
import type { userApi } from "./services/user";
import type { pinApi } from "./services/pin";
import type { favoriteApi } from "./services/favorite";
import type { SelectionState } from "../components/selection/selectionSlice";

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
  authApi: ReturnType<typeof authApi.reducer>;
  userApi: ReturnType<typeof userApi.reducer>;
  channelApi: ReturnType<typeof channelApi.reducer>;
  messageApi: ReturnType<typeof messageApi.reducer>;
  serverApi: ReturnType<typeof serverApi.reducer>;
  pinApi: ReturnType<typeof pinApi.reducer>;
  favoriteApi: ReturnType<typeof favoriteApi.reducer>;
  selection: SelectionState;
}

/** The full state. The lazy parts are always injected before any code that reads them runs. */
export type RootState = EntryState & LazyState;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

const reducers: Record<string, Reducer> = { authData: authDataReducer, ui: uiReducer, server: serverReducer };

/** redux-thunk, inlined. */
const thunk: Middleware = (api) => (next) => (action) =>
  typeof action === "function" ? action(api.dispatch, api.getState, undefined) : next(action);

// Middleware added at runtime (the RTK Query APIs'), composed behind a fixed slot.
const dynamicList: Middleware[] = [];
let slotApi: MiddlewareAPI | null = null;
let slotNext: ((action: unknown) => unknown) | null = null;
let slotChain: ((action: unknown) => unknown) | null = null;
const rebuildChain = () => {
  if (!slotApi || !slotNext) return;
  const api = slotApi;
  slotChain = dynamicList.length ? compose<(action: unknown) => unknown>(...dynamicList.map((m) => m(api)))(slotNext) : slotNext;
};
const dynamicSlot: Middleware = (api) => {
  slotApi = api;
  return (next) => {
    slotNext = next;
    rebuildChain();
    return (action) => slotChain!(action);
  };
};

export const store = createStore(
  combineReducers(reducers) as unknown as Reducer<RootState>,
  applyMiddleware(thunk, dynamicSlot),
) as unknown as Omit<ReturnType<typeof createStore<RootState, UnknownAction>>, "dispatch"> & { dispatch: AppDispatch };

export type AppStore = typeof store;

/** Register slices / RTK Query APIs (and their middleware) at runtime. Idempotent. */
export function inject(...parts: { reducerPath: string; reducer: Reducer; middleware?: Middleware }[]) {
  let changed = false;
  for (const part of parts) {
    if (reducers[part.reducerPath]) continue;
    reducers[part.reducerPath] = part.reducer;
    if (part.middleware) dynamicList.push(part.middleware);
    changed = true;
  }
  if (!changed) return;
  rebuildChain();
  // replaceReducer dispatches an init action, so the new keys get their initial state at once.
  store.replaceReducer(combineReducers(reducers) as unknown as Reducer<RootState>);
}
