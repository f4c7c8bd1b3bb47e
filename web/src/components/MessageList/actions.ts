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
  /** The conversation key (`convKey`) that multi-select mode is kept under. */
  selectionKey?: string;
  /** The channel's pinned state is read from here (channels only). */
  gid?: number;
  /** The viewer may pin and unpin in this channel. */
  canPin?: boolean;
  pin?: (message: StoredMessage) => void;
  unpin?: (message: StoredMessage) => void;
  /** Save to favorites. */
  save?: (mids: number[]) => void;
  /** Open the forward dialog. */
  forward?: (mids: number[]) => void;
  copyText?: (message: StoredMessage) => void;
  copyImage?: (message: StoredMessage) => void;
  /** Enter multi-select mode with this message ticked. */
  select?: (message: StoredMessage) => void;
}

export interface MessageListContext extends Partial<MessageActions> {
  /** Scroll to a loaded message and flash it (reply quotes). */
  jumpTo: (mid: number) => void;
  highlighted?: number;
}

export const MessageActionsContext = createContext<MessageListContext>({ jumpTo: () => {} });

export const useMessageActions = () => useContext(MessageActionsContext);

/**
 * Jumps asked for from outside the list (the pinned-messages panel). The mounted list listens
 * and answers whether the message was loaded, so the caller can say when it is not.
 */
type JumpListener = (mid: number) => boolean;
const jumpListeners = new Set<JumpListener>();

export function onJumpRequest(listener: JumpListener): () => void {
  jumpListeners.add(listener);
  return () => {
    jumpListeners.delete(listener);
  };
}

/** Ask the open message list to scroll to a message; false when no list has it loaded. */
export function requestJump(mid: number): boolean {
  let found = false;
  for (const listener of jumpListeners) found = listener(mid) || found;
  return found;
}
