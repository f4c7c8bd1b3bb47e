import { useCallback, useRef } from "react";
import type { ConvKind } from "../../app/slices/messages";
import { useSendTypingMutation } from "./api";

/**
 * At most one notice per this interval while the user types. The server forwards one event per
 * (sender, conversation) every 2 s and receivers keep it for 5 s, so 3 s keeps the indicator up.
 */
export const TYPING_SEND_INTERVAL_MS = 3_000;

/** `notify()` on each edit sends `POST /user/typing`, throttled; `reset()` after a send. */
export default function useTypingNotice(kind: ConvKind, id: number) {
  const [sendTyping] = useSendTypingMutation();
  const last = useRef<{ key: string; at: number }>({ key: "", at: 0 });
  const key = `${kind}:${id}`;

  const notify = useCallback(() => {
    const now = Date.now();
    if (last.current.key === key && now - last.current.at < TYPING_SEND_INTERVAL_MS) return;
    last.current = { key, at: now };
    void sendTyping({ target: kind === "channel" ? { gid: id } : { uid: id } });
  }, [sendTyping, key, kind, id]);

  // The message just sent ended the indicator on the other side: the next keystroke says so again.
  const reset = useCallback(() => {
    last.current = { key: "", at: 0 };
  }, []);

  return { notify, reset };
}
