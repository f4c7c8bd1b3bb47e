/** The chat layout in effect: this device's choice, else the server's default, else "Left". */
import type { ChatLayoutMode } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import type { RootState } from "../../../app/store";

export const selectChatLayout = (s: RootState): ChatLayoutMode => s.ui.chatLayout ?? s.server.common?.chat_layout_mode ?? "Left";

export const useChatLayout = () => useAppSelector(selectChatLayout);
