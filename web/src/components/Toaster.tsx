import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { getToasts, subscribeToasts, toast as toastApi, type Toast, type ToastPosition } from "../utils/toast";
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon, Spinner } from "./EntryIcons";

const ICONS = {
  success: <CheckCircleIcon size={18} className="shrink-0 text-emerald-500" />,
  error: <AlertIcon size={18} className="shrink-0 text-red-500" />,
  loading: <Spinner size={16} className="shrink-0 text-primary-500" />,
  info: <InfoIcon size={18} className="shrink-0 text-primary-500" />,
  custom: null,
};

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const urgent = item.type === "error";
  return (
    <div
      role={urgent ? "alert" : "status"}
      aria-live={urgent ? "assertive" : "polite"}
      data-toast={item.type}
      className="pointer-events-auto flex w-max max-w-[min(92vw,420px)] animate-pop-in items-start gap-2.5 rounded-xl bg-white px-3.5 py-2.5 text-sm text-zinc-900 shadow-lg ring-1 ring-zinc-900/5 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-white/10"
    >
      {ICONS[item.type] && <span className="mt-px">{ICONS[item.type]}</span>}
      <div className="min-w-0 flex-1">
        <div className="break-words">{item.message}</div>
        {item.actions && (
          <div className="mt-2 flex gap-2">
            {item.actions.map((a) => (
              <button
                key={a.label}
                type="button"
                className={a.primary ? "btn-primary px-3 py-1 text-xs" : "btn-secondary px-3 py-1 text-xs"}
                onClick={() => {
                  toastApi.dismiss(item.id);
                  a.onClick();
                }}
              >
                {a.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {!item.actions && item.type !== "loading" && (
        <button
          type="button"
          className="-m-1 ml-0.5 rounded p-1 text-zinc-400 hover:text-zinc-700 dark:hover:text-zinc-200"
          aria-label={t("action.dismiss")}
          onClick={() => toastApi.dismiss(item.id)}
        >
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}

const REGION: Record<ToastPosition, string> = {
  "top-center": "top-4 left-1/2 -translate-x-1/2 items-center",
  "top-right": "top-4 right-4 items-end",
};

/**
 * Renders the toasts of `utils/toast` in their two regions. Each toast is its own live region
 * (status, or alert for errors), so the regions are plain containers, not lists: a list's
 * children must keep the listitem role (axe: "list", serious).
 */
export default function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <>
      {(Object.keys(REGION) as ToastPosition[]).map((pos) => (
        <div key={pos} className={`pointer-events-none fixed z-[100] flex flex-col gap-2 ${REGION[pos]}`}>
          {toasts
            .filter((x) => x.position === pos)
            .map((x) => (
              <ToastItem key={x.id} item={x} />
            ))}
        </div>
      ))}
    </>
  );
}
