/**
 * Burn after reading: a message with `expires_in` shows how long it has left (from `created_at +
 * expires_in × 1000`) and is removed locally when that reaches zero. The server deletes it at the
 * same moment and announces the delete, which finds nothing left to remove.
 */
import { useEffect, useSyncExternalStore } from "react";
import clsx from "clsx";
import { fullTimestamp } from "../../../utils/dates";
import { useTranslation } from "react-i18next";
import { useAppDispatch, useAppStore } from "../../../app/hooks";
import { removeMessage, type ConvKind, type StoredMessage } from "../../../app/slices/messages";

// One shared 1 s ticker for every countdown on screen, running only while one is mounted.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
// A cached value (useSyncExternalStore needs a stable snapshot); subscribing refreshes it, and a
// stale one only errs on the side of more time left.
const getNow = () => now;

export const expiresAt = (m: Pick<StoredMessage, "created_at" | "expires_in">) => (m.expires_in ? m.created_at + m.expires_in * 1000 : null);

/** "42s", "12m", "5h", "3d": the largest unit left, rounded up so it never shows 0 early. */
export function remainingParts(ms: number): { n: number; unit: "s" | "m" | "h" | "d" } {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return { n: s, unit: "s" };
  if (s < 3600) return { n: Math.ceil(s / 60), unit: "m" };
  if (s < 86_400) return { n: Math.ceil(s / 3600), unit: "h" };
  return { n: Math.ceil(s / 86_400), unit: "d" };
}

type Conv = { kind: ConvKind; id: number };

export default function ExpiryCountdown({ message }: { message: StoredMessage }) {
  const { t } = useTranslation("chat");
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const at = expiresAt(message)!;
  const current = useSyncExternalStore(subscribe, getNow);
  const left = at - current;
  const expired = left <= 0;

  useEffect(() => {
    // Checked against the clock itself: the shared snapshot may predate this component.
    if (!expired || message.sending || at > Date.now()) return;
    // The list that holds it: the message itself does not say which conversation it is in.
    const { messages } = store.getState();
    let conv: Conv | undefined;
    for (const kind of ["channel", "dm"] as const) {
      for (const [id, list] of Object.entries(messages[kind])) {
        if (list.includes(message.mid)) conv = { kind, id: Number(id) };
      }
    }
    if (conv) dispatch(removeMessage({ ...conv, mid: message.mid }));
  }, [expired, at, message.mid, message.sending, dispatch, store]);

  if (expired) return null;
  const { n, unit } = remainingParts(left);
  const soon = left < 60_000;
  return (
    <span
      className={clsx(
        "mt-1 inline-flex items-center gap-1 rounded-full px-1.5 py-px text-[11px] font-medium tabular-nums",
        soon ? "bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-300" : "bg-orange-50 text-orange-700 dark:bg-orange-950/40 dark:text-orange-300",
      )}
      title={t("content.expires_at", { time: fullTimestamp(at) })}
      aria-label={t("content.expires_in_label", { left: t(`content.left.${unit}`, { n }) })}
      data-testid="expiry-countdown"
    >
      <svg width={12} height={12} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5.3 1.5 1 2.5 2 3 0-3 0-5.5 1-8.5z" />
      </svg>
      <span aria-hidden="true">{t(`content.left.${unit}`, { n })}</span>
    </span>
  );
}
