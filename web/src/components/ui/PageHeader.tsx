import type { ReactNode } from "react";
import clsx from "clsx";

/**
 * The header bar of a main-layout screen (its `h1`), or of a side panel beside a conversation
 * (`panel`: an `h2`, a little smaller, with room on the right for the panel's close button).
 */
export default function PageHeader({ title, subtitle, icon, actions, panel }: { title: ReactNode; subtitle?: ReactNode; icon?: ReactNode; actions?: ReactNode; panel?: boolean }) {
  const Heading = panel ? "h2" : "h1";
  return (
    <header className={clsx("flex h-14 shrink-0 items-center border-b border-zinc-200 dark:border-zinc-800", panel ? "gap-2.5 pr-2 pl-4" : "gap-3 px-4 sm:px-5")}>
      {icon && <span className="text-zinc-500 dark:text-zinc-400">{icon}</span>}
      <div className="min-w-0 flex-1">
        <Heading className={clsx("truncate font-bold text-zinc-900 dark:text-white", panel ? "text-[15px]" : "text-[16px]")}>{title}</Heading>
        {subtitle && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
