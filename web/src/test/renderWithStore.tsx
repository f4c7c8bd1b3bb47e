/**
 * The light render helper of component and hook tests (as Mattermost's `renderWithContext`): one
 * component or hook on a fresh store, optionally preloaded, inside the providers components expect
 * (the Redux Provider, a memory router, English translations) — without the app's routes, guard,
 * boot calls or event stream. For a whole screen behind a scripted server, use `renderApp`
 * (render.tsx).
 *
 * The store has the chat parts (slices and the RTK Query API) from the start, so preloaded state
 * may fill any slice. Code that reaches for the app's `store` singleton instead of the Provider's
 * (the upload client, the event stream) does not see this store.
 */
import { cleanup, render, renderHook } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { initReactI18next } from "react-i18next";
import { Provider } from "react-redux";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, vi } from "vitest";
import { CHAT_STORE_PARTS } from "../app/chatParts";
import { createAppStore, type AppStore, type RootState } from "../app/store";
import i18n from "../i18n";
import { initEnglish } from "./i18n";

// Testing Library cleans up after each test only when the runner's globals are on; here they are not.
afterEach(cleanup);

/** Per slice, the fields to set; the others keep the slice's initial state. */
export type PreloadedState = { [K in keyof RootState]?: Partial<RootState[K]> };

export interface StoreRenderOptions {
  preloadedState?: PreloadedState;
  /** The router's location, e.g. `/chat/channel/1`. */
  route?: string;
  /** A route pattern to render under, for components that read `useParams` (e.g. `/chat/channel/:gid`). */
  path?: string;
}

/** A store of the app's shape: the initial state of every slice, with `preloadedState` over it. */
export function createTestStore(preloadedState: PreloadedState = {}): AppStore {
  const initial = createAppStore({ parts: CHAT_STORE_PARTS }).getState() as unknown as Record<string, object>;
  const state: Record<string, object> = { ...initial };
  for (const [key, value] of Object.entries(preloadedState)) state[key] = { ...initial[key], ...value };
  return createAppStore({ parts: CHAT_STORE_PARTS, preloadedState: state as unknown as RootState });
}

function setup({ preloadedState, route = "/", path }: StoreRenderOptions) {
  if (!i18n.isInitialized) void initEnglish(i18n, initReactI18next);
  const store = createTestStore(preloadedState);
  function Providers({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </Provider>
    );
  }
  return { store, wrapper: Providers };
}

/** Render `ui`; returns Testing Library's queries, the store and a user-event session. */
export function renderWithStore(ui: ReactElement, options: StoreRenderOptions = {}) {
  const { store, wrapper } = setup(options);
  // Fake timers drive user-event's own delays too, when a test turns them on.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  return { ...render(ui, { wrapper }), store, user };
}

/** Render a hook; returns Testing Library's `result`, `rerender`, `unmount` and the store. */
export function renderHookWithStore<Result>(hook: () => Result, options: StoreRenderOptions = {}) {
  const { store, wrapper } = setup(options);
  return { ...renderHook(hook, { wrapper }), store };
}
