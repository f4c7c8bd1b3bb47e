import type { ReactNode } from "react";
import clsx from "clsx";
import { AlertIcon, CheckCircleIcon, InfoIcon, XCircleIcon } from "../Icons";

export type AlertTone = "info" | "success" | "warning" | "error";

const TONE: Record<AlertTone, string> = {
  info: "bg-primary-50 text-primary-900 ring-primary-200 dark:bg-primary-950/50 dark:text-primary-100 dark:ring-primary-800/60",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-800/60",
  warning: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-800/60",
  error: "bg-red-50 text-red-900 ring-red-200 dark:bg-red-950/40 dark:text-red-100 dark:ring-red-800/60",
};
const ICON = { info: InfoIcon, success: CheckCircleIcon, warning: AlertIcon, error: XCircleIcon };

/** An inline notice; errors are announced (`role="alert"`). */
export default function Alert({ tone = "info", title, children, className }: { tone?: AlertTone; title?: ReactNode; children?: ReactNode; className?: string }) {
  const Icon = ICON[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={clsx("flex gap-2.5 rounded-xl px-3.5 py-3 text-sm ring-1 ring-inset", TONE[tone], className)}>
      <Icon size={18} className="mt-px shrink-0 opacity-80" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={clsx(title && "mt-0.5 opacity-90")}>{children}</div>}
      </div>
    </div>
  );
}
