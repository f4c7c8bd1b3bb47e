/**
 * Toasts: error 4 s, success 2 s, loading sticky, at most 20 on screen. A small
 * store of its own rather than a library: it is on the login page, and it needs sticky toasts
 * with actions (Network Offline!, the mobile-app Open/Dismiss, the new-version Update/Dismiss).
 */
import type { ReactNode } from "react";
import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from "@parley/protocol";

export type ToastType = "success" | "error" | "loading" | "info" | "custom";
export type ToastPosition = "top-center" | "top-right";

export interface Toast {
  id: string;
  type: ToastType;
  message: ReactNode;
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration: number;
  position: ToastPosition;
  /** Buttons of an action toast; each dismisses the toast after running. */
  actions?: { label: string; onClick: () => void; primary?: boolean }[];
}

export interface ToastOptions {
  id?: string;
  duration?: number;
  position?: ToastPosition;
  actions?: Toast["actions"];
}

const DEFAULT_DURATION: Record<ToastType, number> = {
  success: TOAST_SUCCESS_MS,
  error: TOAST_ERROR_MS,
  loading: Infinity,
  info: 3_000,
  custom: Infinity,
};

let toasts: Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let seq = 0;

const emit = () => listeners.forEach((l) => l());

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}

function add(type: ToastType, message: ReactNode, options: ToastOptions = {}): string {
  const id = options.id ?? `t${++seq}`;
  const toast: Toast = {
    id,
    type,
    message,
    duration: options.duration ?? DEFAULT_DURATION[type],
    position: options.position ?? "top-center",
    actions: options.actions,
  };
  clearTimer(id);
  const exists = toasts.some((t) => t.id === id);
  toasts = exists ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast];
  // At most 20: the oldest go first.
  while (toasts.length > TOAST_LIMIT) {
    clearTimer(toasts[0].id);
    toasts = toasts.slice(1);
  }
  if (Number.isFinite(toast.duration)) timers.set(id, setTimeout(() => dismiss(id), toast.duration));
  emit();
  return id;
}

function dismiss(id?: string) {
  if (id === undefined) {
    timers.forEach(clearTimeout);
    timers.clear();
    toasts = [];
  } else {
    if (!toasts.some((t) => t.id === id)) return;
    clearTimer(id);
    toasts = toasts.filter((t) => t.id !== id);
  }
  emit();
}

export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => add("info", message, options), {
  success: (message: ReactNode, options?: ToastOptions) => add("success", message, options),
  error: (message: ReactNode, options?: ToastOptions) => add("error", message, options),
  loading: (message: ReactNode, options?: ToastOptions) => add("loading", message, options),
  /** A sticky toast with buttons (Open/Dismiss, Update/Dismiss). */
  action: (message: ReactNode, options: ToastOptions) => add("custom", message, options),
  dismiss,
});

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): Toast[] => toasts;

export default toast;
