import { createContext, useContext } from "react";
import type { StoredMessage } from "../../app/slices/messages";

/** What a message's toolbar can do; provided by the chat view through the message list. */
export interface MessageActions {
  me?: number;
  isAdmin?: boolean;
  react: (mid: number, action: string) => void;
  reply: (message: StoredMessage) => void;
  edit: (message: StoredMessage) => void;
  remove: (message: StoredMessage) => void;
}

export interface MessageListContext extends Partial<MessageActions> {
  /** Scroll to a loaded message and flash it (reply quotes). */
  jumpTo: (mid: number) => void;
  highlighted?: number;
}

export const MessageActionsContext = createContext<MessageListContext>({ jumpTo: () => {} });

export const useMessageActions = () => useContext(MessageActionsContext);
