/** UI state. Plain reducer (no createSlice): it is on the login page. */
import type { UnknownAction } from "@reduxjs/toolkit";
import { defineAction } from "../defineAction";
import type { ChatLayoutMode, MessageTarget } from "@parley/protocol";
import { resetAll } from "../actions";
import { getLocal, getLocalJSON, setLocal } from "../../utils/storage";

/** A side panel of a conversation. */
export type ChatAside = "members" | "pins" | "search" | "profile";
/** Where the visible side panels are remembered (cleared with the rest of the local data). */
const KEY_ASIDES = "VOCECHAT_ASIDES";
interface StoredAsides {
  channel: Record<number, ChatAside>;
  dm: Record<number, ChatAside>;
  collapsed?: boolean;
}

export type SSEStatus = "connecting" | "connected" | "disconnected" | "reconnecting";

/**
 * This device's chat layout (left, or own messages right); a display preference, kept across
 * logouts.
 */
const KEY_CHAT_LAYOUT = "parley:chat_layout";
const storedChatLayout = (): ChatLayoutMode | null => {
  const v = getLocal(KEY_CHAT_LAYOUT);
  return v === "Left" || v === "SelfRight" ? v : null;
};

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
  /** The visible side panel per channel and per DM, remembered across reloads. */
  channelAsides: Record<number, ChatAside>;
  dmAsides: Record<number, ChatAside>;
  /** The conversation list hidden on wide screens (the drawer of narrow ones is `menuExpand`). */
  sidebarCollapsed: boolean;
  /** The chosen chat layout; null follows the server's `chat_layout_mode`. */
  chatLayout: ChatLayoutMode | null;
}

/** The new-message sound, on unless turned off on this device (Settings → Notifications). */
const KEY_MSG_SOUND = "parley:msg_sound";

const initialState = (): UIState => ({
  SSEStatus: "disconnected",
  ready: false,
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  inactive: false,
  msgSound: getLocal(KEY_MSG_SOUND) !== "0",
  menuExpand: false,
  setupInProgress: false,
  calling: null,
  rememberedNavs: { chat: null },
  ...storedAsides(),
  chatLayout: storedChatLayout(),
});

function storedAsides() {
  const stored = getLocalJSON<StoredAsides>(KEY_ASIDES);
  return { channelAsides: stored?.channel ?? {}, dmAsides: stored?.dm ?? {}, sidebarCollapsed: !!stored?.collapsed };
}

function persistAsides(s: UIState): UIState {
  setLocal(KEY_ASIDES, JSON.stringify({ channel: s.channelAsides, dm: s.dmAsides, collapsed: s.sidebarCollapsed } satisfies StoredAsides));
  return s;
}

export const updateSSEStatus = defineAction<SSEStatus>("ui/updateSSEStatus");
export const setReady = defineAction("ui/setReady", (ready: boolean = true) => ready);
export const updateOnline = defineAction<boolean>("ui/updateOnline");
export const setInactive = defineAction<boolean>("ui/setInactive");
export const toggleMenuExpand = defineAction("ui/toggleMenuExpand", (expand?: boolean) => expand);
export const setCalling = defineAction<UIState["calling"]>("ui/setCalling");
export const setSetupInProgress = defineAction<boolean>("ui/setSetupInProgress");
export const updateRememberedChat = defineAction<string | null>("ui/updateRememberedChat");
/**
 * Forgets the remembered chat if it is this path (a removed channel is not returned to;
 * docs/ARCHITECTURE.md "Client rules").
 */
export const forgetRememberedChat = defineAction<string>("ui/forgetRememberedChat");
export const setChatAside = defineAction<{ kind: "channel" | "dm"; id: number; aside: ChatAside | null }>("ui/setChatAside");
export const setSidebarCollapsed = defineAction<boolean>("ui/setSidebarCollapsed");
export const setChatLayout = defineAction<ChatLayoutMode>("ui/setChatLayout");
export const setMsgSound = defineAction<boolean>("ui/setMsgSound");

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
  if (forgetRememberedChat.match(action)) {
    return s.rememberedNavs.chat === action.payload ? { ...s, rememberedNavs: { ...s.rememberedNavs, chat: null } } : s;
  }
  if (setChatAside.match(action)) {
    const { kind, id, aside } = action.payload;
    const field = kind === "channel" ? "channelAsides" : "dmAsides";
    const next = { ...s[field] };
    if (aside) next[id] = aside;
    else delete next[id];
    return persistAsides({ ...s, [field]: next });
  }
  if (setSidebarCollapsed.match(action)) return persistAsides({ ...s, sidebarCollapsed: action.payload });
  if (setChatLayout.match(action)) {
    setLocal(KEY_CHAT_LAYOUT, action.payload);
    return { ...s, chatLayout: action.payload };
  }
  if (setMsgSound.match(action)) {
    setLocal(KEY_MSG_SOUND, action.payload ? "1" : "0");
    return { ...s, msgSound: action.payload };
  }
  if (resetAll.match(action)) return { ...initialState(), inactive: s.inactive, setupInProgress: s.setupInProgress };
  return s;
}

export const uiSlice = { reducerPath: "ui" as const, reducer: uiReducer };
export default uiReducer;
