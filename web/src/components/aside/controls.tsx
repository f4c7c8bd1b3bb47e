/**
 * What a conversation's header uses of its side panel: the remembered panel, the buttons that
 * open one, the search box, and the panel itself (./ConversationAside.tsx), loaded when a
 * conversation first shows one: it is not on the way to a conversation's first paint (the chat
 * route's bundle budget, docs/PERFORMANCE.md).
 */
import { lazy, useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { ConvKind } from "../../app/slices/messages";
import { setChatAside, type ChatAside } from "../../app/slices/ui";
import { SearchIcon } from "../Icons";
import SearchField from "../ui/SearchField";

export const ConversationAside = lazy(() => import("./ConversationAside"));

/** The remembered side panel of a conversation and a setter. */
export function useChatAside(kind: ConvKind, id: number) {
  const dispatch = useAppDispatch();
  const aside = useAppSelector((s) => (kind === "channel" ? s.ui.channelAsides[id] : s.ui.dmAsides[id])) ?? null;
  const setAside = useCallback((next: ChatAside | null) => dispatch(setChatAside({ kind, id, aside: next })), [dispatch, kind, id]);
  const toggle = useCallback((which: ChatAside) => setAside(aside === which ? null : which), [aside, setAside]);
  return { aside, setAside, toggle };
}

/** A header button that opens one panel (pressed while it is open). */
export function AsideButton({
  label,
  active,
  onClick,
  children,
  badge,
  testId,
  className,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
  badge?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
      className={clsx(
        "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium transition outline-none focus-visible:ring-3 focus-visible:ring-primary-500/30",
        className,
        active
          ? "bg-primary-50 text-primary-700 ring-1 ring-primary-200 ring-inset dark:bg-primary-950 dark:text-primary-200 dark:ring-primary-800"
          : "text-zinc-500 hover:bg-zinc-200/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-700/60 dark:hover:text-zinc-100",
      )}
    >
      {children}
      {badge !== undefined && <span className="tabular-nums">{badge}</span>}
    </button>
  );
}

/** The header's search box (wide screens); typing opens the search panel. */
export function HeaderSearch({ value, onChange, onOpen, placeholder, active }: { value: string; onChange: (v: string) => void; onOpen: () => void; placeholder: string; active: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <>
      <SearchField
        label={t("search.label")}
        boxClassName="hidden lg:block"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
          if (!active && e.target.value.trim()) onOpen();
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") onOpen();
          if (e.key === "Escape") onChange("");
        }}
        onFocus={() => value.trim() && !active && onOpen()}
        className={clsx(
          "h-8 w-44 rounded-md border bg-zinc-50 pr-2 pl-8 text-[13px] text-zinc-900 transition-[width,border-color,box-shadow] outline-none placeholder:text-zinc-400 focus:w-56 focus:border-primary-500 focus:bg-white focus:ring-3 focus:ring-primary-500/20 dark:bg-zinc-800/60 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus:border-primary-400 dark:focus:bg-zinc-900",
          active ? "border-primary-300 dark:border-primary-700" : "border-zinc-200 dark:border-zinc-700",
        )}
        data-testid="header-search"
      />
      <AsideButton label={t("search.label")} active={active} onClick={onOpen} testId="header-search-button" className="lg:hidden">
        <SearchIcon size={17} />
      </AsideButton>
    </>
  );
}
