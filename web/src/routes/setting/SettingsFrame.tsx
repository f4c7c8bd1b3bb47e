import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useNavigate } from "react-router";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import { CloseIcon } from "../../components/Icons";
import IconButton from "../../components/ui/IconButton";

export interface SettingsNavGroup {
  title: string;
  items: { key: string; label: string; to: string; icon?: ReactNode }[];
}

/** The settings frame: grouped navigation on the left, the section on the right, a close button. */
export default function SettingsFrame({ title, groups, active, children, footer }: { title: string; groups: SettingsNavGroup[]; active: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation("setting");
  const navigate = useNavigate();
  const remembered = useAppSelector((s) => s.ui.rememberedNavs.chat);
  const current = groups.flatMap((g) => g.items).find((i) => i.key === active);
  return (
    <div className="flex h-full min-h-0 flex-col md:flex-row">
      <aside className="flex shrink-0 flex-col border-b md:min-h-0 border-zinc-200 bg-zinc-50 md:w-64 md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-950">
        <div className="flex h-14 items-center justify-between px-4">
          <h1 className="truncate text-[16px] font-bold text-zinc-900 dark:text-white">{title}</h1>
          <IconButton label={t("close")} className="md:hidden" onClick={() => navigate(remembered ?? "/")}>
            <CloseIcon size={18} />
          </IconButton>
        </div>
        <nav aria-label={title} className="scroll-thin flex gap-4 overflow-x-auto px-2 pb-3 md:min-h-0 md:flex-1 md:flex-col md:gap-0 md:overflow-x-hidden md:overflow-y-auto">
          {groups.map((g) => (
            <section key={g.title} className="shrink-0 md:mb-3">
              <h2 className="px-2 py-1 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">{g.title}</h2>
              <ul className="flex gap-1 md:flex-col md:gap-px">
                {g.items.map((item) => (
                  <li key={item.key}>
                    <NavLink
                      ref={item.key === active ? (el) => el?.scrollIntoView?.({ block: "nearest", inline: "nearest" }) : undefined}
                      to={item.to}
                      aria-current={item.key === active ? "page" : undefined}
                      className={clsx(
                        "flex h-8 items-center gap-2 rounded-md px-2 text-sm whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
                        item.key === active
                          ? "bg-white font-medium text-zinc-900 shadow-xs ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-white dark:ring-zinc-700"
                          : "text-zinc-600 hover:bg-zinc-200/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
                      )}
                    >
                      {item.icon && <span className="opacity-70">{item.icon}</span>}
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        {footer && <div className="hidden border-t border-zinc-200 p-3 md:block dark:border-zinc-800">{footer}</div>}
      </aside>
      <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label={current?.label}>
        <header className="hidden h-14 shrink-0 items-center justify-between border-b border-zinc-200 px-6 md:flex dark:border-zinc-800">
          <h2 className="text-[16px] font-bold text-zinc-900 dark:text-white" data-testid="setting-title">
            {current?.label}
          </h2>
          <IconButton label={t("close")} onClick={() => navigate(remembered ?? "/")}>
            <CloseIcon size={18} />
          </IconButton>
        </header>
        <div className="scroll-thin min-h-0 flex-1 overflow-y-auto">{children}</div>
      </section>
    </div>
  );
}

/** A labelled value row of a settings card. */
export function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-5 py-3.5">
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={clsx("divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900", className)}>{children}</dl>;
}
