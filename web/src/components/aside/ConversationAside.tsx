import { lazy, Suspense, useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { ConvKind } from "../../app/slices/messages";
import { setChatAside, type ChatAside } from "../../app/slices/ui";
import { SearchIcon, Spinner, UserIcon, UsersIcon } from "../Icons";
import AsideFrame from "./AsideFrame";
import { PinIcon } from "./icons";
import SearchField from "../ui/SearchField";

// The panels load when first opened.
const MembersPanel = lazy(() => import("./MembersPanel"));
const PinnedPanel = lazy(() => import("../pins/PinnedPanel"));
const SearchPanel = lazy(() => import("../search/SearchPanel"));
const ProfilePanel = lazy(() => import("./ProfilePanel"));

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

const fallback = (
  <div className="flex flex-1 justify-center py-10 text-zinc-400">
    <Spinner size={20} />
  </div>
);

interface Props {
  kind: ConvKind;
  id: number;
  aside: ChatAside;
  onClose: () => void;
  query: string;
  onQueryChange: (q: string) => void;
  /** The conversation's name, for the panel titles. */
  name: string;
}

/** The open side panel of a conversation: members, pinned messages, search, or the DM profile. */
export default function ConversationAside({ kind, id, aside, onClose, query, onQueryChange, name }: Props) {
  const { t } = useTranslation("chat");
  const closeOnNarrow = () => {
    // On narrow screens the panel covers the conversation: get out of the way of the result.
    if (!window.matchMedia?.("(min-width: 1024px)").matches) onClose();
  };
  let title: string;
  let icon: ReactNode;
  let body: ReactNode;
  if (aside === "members" && kind === "channel") {
    title = t("aside.members");
    icon = <UsersIcon size={18} />;
    body = <MembersPanel gid={id} />;
  } else if (aside === "pins" && kind === "channel") {
    title = t("aside.pins");
    icon = <PinIcon size={18} />;
    body = <PinnedPanel gid={id} />;
  } else if (aside === "search") {
    title = t("aside.search");
    icon = <SearchIcon size={18} />;
    body = <SearchPanel kind={kind} id={id} query={query} onQueryChange={onQueryChange} onShown={closeOnNarrow} />;
  } else if (aside === "profile" && kind === "dm") {
    title = t("aside.profile");
    icon = <UserIcon size={18} />;
    body = <ProfilePanel uid={id} />;
  } else {
    return null;
  }
  return (
    <AsideFrame title={title} subtitle={kind === "channel" ? `#${name}` : name} icon={icon} onClose={onClose} testId={`aside-${aside}`}>
      <Suspense fallback={fallback}>{body}</Suspense>
    </AsideFrame>
  );
}
