import type { ReactNode } from "react";
import clsx from "clsx";

const TONE = {
  primary:
    "bg-gradient-to-br from-primary-50 to-primary-100 text-primary-600 ring-primary-200/60 dark:from-primary-950 dark:to-primary-900/40 dark:text-primary-300 dark:ring-primary-800/50",
  warning: "bg-gradient-to-br from-amber-50 to-amber-100 text-amber-600 ring-amber-200/70 dark:from-amber-950 dark:to-amber-900/40 dark:text-amber-400 dark:ring-amber-800/50",
};

interface Props {
  tone?: keyof typeof TONE;
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links under the text. */
  children?: ReactNode;
  className?: string;
}

/** The finished-looking "nothing here (yet)" state of a screen. */
export default function EmptyState({ tone = "primary", icon, title, description, children, className }: Props) {
  return (
    <div className={clsx("flex flex-col items-center justify-center px-6 py-12 text-center", className)}>
      <span className={clsx("relative flex size-16 items-center justify-center rounded-2xl ring-1", TONE[tone])}>
        {icon}
      </span>
      <h2 className="mt-5 text-lg font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
      {description && <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{description}</p>}
      {children && <div className="mt-6 flex flex-wrap items-center justify-center gap-2">{children}</div>}
    </div>
  );
}
