import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { convKey, type ConvKind } from "../../app/slices/messages";
import { activeTypers, TYPING_EXPIRE_MS } from "../../app/slices/typing";
import { typingText } from "./typingText";

/** "Alice is typing…" for the open conversation; each entry ends 5 s after its last event. */
export default function TypingIndicator({ kind, id }: { kind: ConvKind; id: number }) {
  const { t } = useTranslation("chat");
  const key = convKey(kind, id);
  const conv = useAppSelector((s) => s.typing?.byConv[key]);
  const users = useAppSelector((s) => s.users.byId);
  const [now, setNow] = useState(() => Date.now());

  // Re-render when the oldest live entry expires; a new event (a new `conv`) re-arms it. An event
  // newer than `now` counts as live, so nothing needs to refresh `now` when one arrives.
  useEffect(() => {
    if (!conv) return;
    const current = Date.now();
    const live = Object.values(conv).filter((at) => current - at < TYPING_EXPIRE_MS);
    if (!live.length) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...live) + TYPING_EXPIRE_MS - current + 10);
    return () => clearTimeout(timer);
  }, [conv, now]);

  const names = useMemo(
    () => (conv ? activeTypers({ byConv: { [key]: conv } }, key, now).map((uid) => users[uid]?.name ?? t("message.unknown_user", { uid })) : []),
    [conv, key, now, users, t],
  );
  const text = typingText(names, t);

  // A strip of its own above the composer, always there, so the line neither covers the last
  // message nor moves the list when it comes and goes.
  return (
    <div aria-live="polite" className="flex h-5 min-w-0 items-center px-1 text-xs text-zinc-500 dark:text-zinc-400" data-testid="typing-indicator">
      {text && (
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="inline-flex shrink-0 items-center gap-0.5" aria-hidden="true">
            {[0, 150, 300].map((delay) => (
              <span key={delay} className="size-1 animate-bounce rounded-full bg-zinc-400 dark:bg-zinc-500" style={{ animationDelay: `${delay}ms` }} />
            ))}
          </span>
          <span className="truncate" data-testid="typing-text">
            {text}
          </span>
        </span>
      )}
    </div>
  );
}
