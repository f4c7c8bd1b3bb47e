/**
 * Pick channels and people to forward to: a search box driving a multi-select listbox (arrow
 * keys move, Enter toggles, as a combobox), the picks shown as removable chips above it.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import Avatar, { avatarUrl } from "../ui/Avatar";
import { CloseIcon, HashIcon, LockIcon, SearchIcon } from "../Icons";
import TickBox from "../ui/TickBox";
import { filterTargets, type ForwardTarget } from "./targets";

interface Props {
  targets: ForwardTarget[];
  selected: string[];
  onToggle: (key: string) => void;
}

function TargetIcon({ target, size, presence = false }: { target: ForwardTarget; size: number; presence?: boolean }) {
  if (target.kind === "dm") return <Avatar name={target.name} seed={target.id} src={avatarUrl(target.id, target.avatarUpdatedAt)} size={size} online={presence ? target.online : undefined} />;
  if (target.avatarUpdatedAt) return <Avatar name={target.name} seed={`g${target.id}`} src={`/api/resource/group_avatar?gid=${target.id}&t=${target.avatarUpdatedAt}`} size={size} />;
  const Icon = target.isPublic ? HashIcon : LockIcon;
  return (
    <span className="flex shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400" style={{ width: size, height: size }} aria-hidden="true">
      <Icon size={Math.round(size * 0.5)} />
    </span>
  );
}

export default function TargetPicker({ targets, selected, onToggle }: Props) {
  const { t } = useTranslation("chat");
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  // The keyboard's current option is only marked while the search box has the focus.
  const [typing, setTyping] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => filterTargets(targets, query), [targets, query]);
  const byKey = useMemo(() => new Map(targets.map((x) => [x.key, x])), [targets]);
  const picked = selected.map((k) => byKey.get(k)).filter((x): x is ForwardTarget => !!x);
  const current = Math.min(active, shown.length - 1);
  const optionId = (i: number) => `${listId}-o${i}`;

  const move = (index: number) => {
    if (!shown.length) return;
    const next = (index + shown.length) % shown.length;
    setActive(next);
    list.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: "nearest" });
  };
  const toggle = (target: ForwardTarget | undefined) => {
    if (target && !target.disabled) onToggle(target.key);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") move(current + 1);
    else if (e.key === "ArrowUp") move(current - 1);
    else if (e.key === "Enter") toggle(shown[current]);
    else return;
    e.preventDefault();
  };

  const channels = shown.filter((x) => x.kind === "channel");
  const people = shown.filter((x) => x.kind === "dm");
  const option = (target: ForwardTarget, index: number) => {
    const isSelected = selected.includes(target.key);
    return (
      <li
        key={target.key}
        id={optionId(index)}
        role="option"
        aria-selected={isSelected}
        aria-disabled={target.disabled ? true : undefined}
        data-testid="forward-target"
        title={target.disabled ? t(target.disabled) : undefined}
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => current !== index && setActive(index)}
        onClick={() => toggle(target)}
        className={clsx(
          "flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-1.5",
          index === current && typing ? "bg-zinc-100 dark:bg-zinc-800" : "hover:bg-zinc-50 dark:hover:bg-zinc-800/60",
          target.disabled && "cursor-not-allowed opacity-50",
        )}
      >
        <TargetIcon target={target} size={30} presence />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">{target.name}</span>
          {(target.disabled || target.detail) && <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{target.disabled ? t(target.disabled) : target.detail}</span>}
        </span>
        <TickBox on={isSelected} bold className="flex size-[18px] shrink-0 items-center justify-center rounded-[5px] border-[1.5px] transition-colors" />
      </li>
    );
  };
  const heading = (text: string) => (
    <li role="presentation" className="px-2.5 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
      {text}
    </li>
  );

  return (
    <div className="flex flex-col gap-2.5">
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-zinc-400">
          <SearchIcon size={16} />
        </span>
        <input
          type="search"
          className="input pl-9"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length ? optionId(current) : undefined}
          aria-label={t("forward.search")}
          placeholder={t("forward.search")}
          value={query}
          data-autofocus
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKey}
          onFocus={() => setTyping(true)}
          onBlur={() => setTyping(false)}
        />
      </div>
      {picked.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("forward.picked")} data-testid="forward-picked">
          {picked.map((target) => (
            <li key={target.key} className="inline-flex h-7 items-center gap-1.5 rounded-full bg-primary-50 pr-1 pl-1 text-xs font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
              <TargetIcon target={target} size={20} />
              <span className="max-w-40 truncate">{target.name}</span>
              <button
                type="button"
                className="inline-flex size-5 items-center justify-center rounded-full text-primary-700 transition hover:bg-primary-100 focus-visible:ring-2 focus-visible:ring-primary-500/50 focus-visible:outline-none dark:text-primary-300 dark:hover:bg-primary-900"
                aria-label={t("forward.remove_target", { name: target.name })}
                onClick={() => onToggle(target.key)}
              >
                <CloseIcon size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-multiselectable="true"
        aria-label={t("forward.targets")}
        className="scroll-thin h-56 overflow-y-auto rounded-xl border border-zinc-200 p-1 dark:border-zinc-800"
      >
        {channels.length > 0 && heading(t("forward.channels"))}
        {channels.map((target, i) => option(target, i))}
        {people.length > 0 && heading(t("forward.people"))}
        {people.map((target, i) => option(target, channels.length + i))}
        {shown.length === 0 && (
          <li role="presentation" className="px-3 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400">
            {t("forward.empty")}
          </li>
        )}
      </ul>
    </div>
  );
}
