import type { ReactNode } from "react";

/** The header bar of a main-layout screen. */
export default function PageHeader({ title, subtitle, icon, actions }: { title: ReactNode; subtitle?: ReactNode; icon?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 px-4 sm:px-5 dark:border-zinc-800">
      {icon && <span className="text-zinc-500 dark:text-zinc-400">{icon}</span>}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-[16px] font-bold text-zinc-900 dark:text-white">{title}</h1>
        {subtitle && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
