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
  /** The highlighted row tells the list it is on screen: the flash is timed from then. */
  highlightShown?: (mid: number) => void;
}

export const MessageActionsContext = createContext<MessageListContext>({ jumpTo: () => {} });

export const useMessageActions = () => useContext(MessageActionsContext);

/**
 * The messages a reply quotes, for a list that does not show the store's (the admin bot viewer
 * keeps the history it reads to itself); null: the store's.
 */
export const QuotedMessagesContext = createContext<Record<number, StoredMessage> | null>(null);

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

/**
 * A jump to a message that is in the store but not yet rendered by the list (a search result
 * whose history was just paged in). The list retries it each time its rows change
 * (`retryPendingJump`), so the jump happens as soon as the row exists, however long a busy
 * machine takes to render; only a list that never gets the row gives up, after `timeoutMs`.
 */
let pendingJump: { mid: number; settle: (shown: boolean) => void } | null = null;

export function requestJumpWhenRendered(mid: number, timeoutMs: number): Promise<boolean> {
  pendingJump?.settle(false);
  if (requestJump(mid)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => entry.settle(false), timeoutMs);
    const entry = {
      mid,
      settle: (shown: boolean) => {
        clearTimeout(timer);
        if (pendingJump === entry) pendingJump = null;
        resolve(shown);
      },
    };
    pendingJump = entry;
  });
}

/** Called by the list after its rows changed: performs a waiting jump whose row now exists. */
export function retryPendingJump(): void {
  if (pendingJump && requestJump(pendingJump.mid)) pendingJump.settle(true);
}
