import type { ReactNode } from "react";
import clsx from "clsx";

const TONE = {
  neutral: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
  primary: "bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-200",
  success: "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
  warning: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
};

export default function Badge({ tone = "neutral", children, className }: { tone?: keyof typeof TONE; children: ReactNode; className?: string }) {
  return <span className={clsx("inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-semibold", TONE[tone], className)}>{children}</span>;
}
