/**
 * The call engine of the app (one per store) and the hooks that read it. The engine starts with
 * the main layout (`CallLayer`) and outlives every screen below it.
 */
import { useSyncExternalStore } from "react";
import { useAppStore } from "../app/hooks";
import type { AppStore } from "../app/store";
import { CallEngine, type CallSnapshot } from "./engine";

const engines = new WeakMap<AppStore, CallEngine>();

export function engineFor(store: AppStore): CallEngine {
  let engine = engines.get(store);
  if (!engine) engines.set(store, (engine = new CallEngine(store)));
  return engine;
}

export function useCallEngine(): CallEngine {
  return engineFor(useAppStore());
}

export function useCalls(): CallSnapshot {
  const engine = useCallEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot);
}

export const groupRoomId = (gid: number) => `group:${gid}`;
export const dmRoomId = (a: number, b: number) => `dm:${Math.min(a, b)}:${Math.max(a, b)}`;
