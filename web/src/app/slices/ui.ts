import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

export type SSEStatus = "connecting" | "connected" | "disconnected" | "reconnecting";

/** UI state (spec §3): stream status, readiness, connectivity and a few preferences. */
export interface UIState {
  SSEStatus: SSEStatus;
  ready: boolean;
  online: boolean;
  inactive: boolean;
  msgSound: boolean;
  menuExpand: boolean;
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
  rememberedNavs: { chat: null },
});

const uiSlice = createSlice({
  name: "ui",
  initialState,
  reducers: {
    updateSSEStatus(state, { payload }: PayloadAction<SSEStatus>) {
      state.SSEStatus = payload;
    },
    setReady(state, { payload = true }: PayloadAction<boolean | undefined>) {
      state.ready = payload;
    },
    updateOnline(state, { payload }: PayloadAction<boolean>) {
      state.online = payload;
    },
    setInactive(state, { payload }: PayloadAction<boolean>) {
      state.inactive = payload;
    },
    toggleMenuExpand(state, { payload }: PayloadAction<boolean | undefined>) {
      state.menuExpand = payload ?? !state.menuExpand;
    },
    updateRememberedChat(state, { payload }: PayloadAction<string | null>) {
      state.rememberedNavs.chat = payload;
    },
    resetUI() {
      return initialState();
    },
  },
});

export const { updateSSEStatus, setReady, updateOnline, setInactive, toggleMenuExpand, updateRememberedChat, resetUI } =
  uiSlice.actions;
export default uiSlice.reducer;
