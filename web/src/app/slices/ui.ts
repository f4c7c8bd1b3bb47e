/** UI state (spec §3). Plain reducer (no createSlice): it is on the login page. */
import type { UnknownAction } from "@reduxjs/toolkit";
import { defineAction } from "../defineAction";
import type { MessageTarget } from "@parley/protocol";
import { resetAll } from "../actions";

export type SSEStatus = "connecting" | "connected" | "disconnected" | "reconnecting";

export interface UIState {
  SSEStatus: SSEStatus;
  ready: boolean;
  online: boolean;
  inactive: boolean;
  msgSound: boolean;
  menuExpand: boolean;
  /** An incoming call (`user_calling`); the voice issue answers it. */
  calling: { from: number; to: MessageTarget } | null;
  /** The onboarding wizard holds the admin's fresh session until its last step. */
  setupInProgress: boolean;
  /** Remembered navigation (last opened chat path). */
  rememberedNavs: { chat: string | null };
}

const initialState = (): UIState => ({
  SSEStatus: "disconnected",
  ready: false,
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  inactive: false,
  msgSound: true,
  menuExpand: false,
  setupInProgress: false,
  calling: null,
  rememberedNavs: { chat: null },
});

export const updateSSEStatus = defineAction<SSEStatus>("ui/updateSSEStatus");
export const setReady = defineAction("ui/setReady", (ready: boolean = true) => ready);
export const updateOnline = defineAction<boolean>("ui/updateOnline");
export const setInactive = defineAction<boolean>("ui/setInactive");
export const toggleMenuExpand = defineAction("ui/toggleMenuExpand", (expand?: boolean) => expand);
export const setCalling = defineAction<UIState["calling"]>("ui/setCalling");
export const setSetupInProgress = defineAction<boolean>("ui/setSetupInProgress");
export const updateRememberedChat = defineAction<string | null>("ui/updateRememberedChat");

export function uiReducer(state: UIState | undefined, action: UnknownAction): UIState {
  const s = state ?? initialState();
  if (updateSSEStatus.match(action)) return s.SSEStatus === action.payload ? s : { ...s, SSEStatus: action.payload };
  if (setReady.match(action)) return s.ready === action.payload ? s : { ...s, ready: action.payload };
  if (updateOnline.match(action)) return { ...s, online: action.payload };
  if (setInactive.match(action)) return { ...s, inactive: action.payload };
  if (toggleMenuExpand.match(action)) return { ...s, menuExpand: action.payload ?? !s.menuExpand };
  if (setCalling.match(action)) return { ...s, calling: action.payload };
  if (setSetupInProgress.match(action)) return { ...s, setupInProgress: action.payload };
  if (updateRememberedChat.match(action)) return { ...s, rememberedNavs: { ...s.rememberedNavs, chat: action.payload } };
  if (resetAll.match(action)) return { ...initialState(), inactive: s.inactive, setupInProgress: s.setupInProgress };
  return s;
}

export const uiSlice = { reducerPath: "ui" as const, reducer: uiReducer };
export default uiReducer;
