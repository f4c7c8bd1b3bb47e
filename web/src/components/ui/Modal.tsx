import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../Icons";
import Button from "./Button";

interface Props {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** The dialog's own buttons: the footer is Cancel (it closes the dialog; `cancelText` renames it), then these. */
  actions?: ReactNode;
  cancelText?: ReactNode;
  /** A footer of its own, in place of Cancel and `actions`. */
  footer?: ReactNode;
  width?: string;
  /** An icon above the title. */
  icon?: ReactNode;
  /** Hide the close button (a decision the user must take). */
  hideClose?: boolean;
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** An accessible dialog: focus moves inside and stays there (Tab wraps), Escape and the backdrop close it, focus returns after. */
export default function Modal({ title, description, onClose, children, actions, cancelText, footer: ownFooter, width = "max-w-lg", icon, hideClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const footer =
    ownFooter ??
    (actions && (
      <>
        <Button variant="secondary" onClick={onClose}>
          {cancelText ?? t("action.cancel")}
        </Button>
        {actions}
      </>
    ));
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    const root = panel.current;
    const first = root?.querySelector<HTMLElement>("[data-autofocus]") ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== "Tab" || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!items.length) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (e.shiftKey && document.activeElement === firstItem) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && document.activeElement === lastItem) {
        e.preventDefault();
        firstItem.focus();
      } else if (!root.contains(document.activeElement)) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      prev?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 animate-fade-in bg-zinc-950/40 backdrop-blur-[2px] dark:bg-black/60" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        className={`card relative flex max-h-[calc(100vh-2rem)] w-full ${width} animate-pop-in flex-col`}
      >
        <div className={`flex items-start justify-between gap-4 px-6 pt-5 ${children ? "" : "pb-5"}`}>
          <div className="flex min-w-0 items-start gap-3">
            {icon && <span className="mt-0.5 shrink-0">{icon}</span>}
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
                {title}
              </h2>
              {description && (
                <p id={descId} className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                  {description}
                </p>
              )}
            </div>
          </div>
          {!hideClose && (
            <button type="button" className="icon-btn -mr-2 shrink-0" onClick={onClose} aria-label={t("action.close")}>
              <CloseIcon />
            </button>
          )}
        </div>
        {children && <div className="scroll-thin min-h-0 overflow-y-auto px-6 py-4">{children}</div>}
        {footer && (
          <div className="flex shrink-0 justify-end gap-2 rounded-b-2xl border-t border-zinc-100 bg-zinc-50/70 px-6 py-3.5 dark:border-zinc-800 dark:bg-zinc-900/60">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

const ICON_TONES = {
  primary: "bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300",
  warning: "bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400",
  danger: "bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400",
};

/** The round tinted icon beside a dialog's title (the `icon` of `Modal` and `ConfirmDialog`). */
export function ModalIcon({ tone = "primary", children }: { tone?: keyof typeof ICON_TONES; children: ReactNode }) {
  return <span className={`flex size-10 items-center justify-center rounded-full ${ICON_TONES[tone]}`}>{children}</span>;
}
