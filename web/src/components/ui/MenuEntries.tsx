/**
 * What the dropdown `Menu` and the sidebar's `ContextMenu` share: their entries (items and
 * dividers) and the WAI-ARIA menu keyboard model — arrows, Home and End move the focus round the
 * items, Escape closes and returns the focus, Tab closes and lets the focus move on.
 */
import type { KeyboardEvent, ReactNode } from "react";
import clsx from "clsx";

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  /** Marks the current choice (a radio-like item). */
  checked?: boolean;
}

export type MenuEntry = MenuItem | "divider";

/** The items of a menu element, in order. */
const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not(:disabled)') ?? [])];

/** Focus the item at `index`, counting round (-1 is the last). */
export function focusMenuItem(menu: HTMLElement | null, index: number) {
  const all = itemsOf(menu);
  if (all.length) all[(index + all.length) % all.length].focus();
}

/** The menu's keys; `close(refocus)` closes it, giving the focus back to what opened it when asked. */
export function onMenuKeyDown(e: KeyboardEvent, menu: HTMLElement | null, close: (refocus: boolean) => void) {
  const index = itemsOf(menu).indexOf(document.activeElement as HTMLElement);
  if (e.key === "ArrowDown") focusMenuItem(menu, index + 1);
  else if (e.key === "ArrowUp") focusMenuItem(menu, index - 1);
  else if (e.key === "Home") focusMenuItem(menu, 0);
  else if (e.key === "End") focusMenuItem(menu, -1);
  else if (e.key === "Escape") close(true);
  else if (e.key === "Tab") return close(false);
  else return;
  e.preventDefault();
  e.stopPropagation();
}

/** The entries: a `menuitem` each (`menuitemradio` when it has `checked`), dividers between groups. */
export function MenuEntries({ items, onSelect }: { items: MenuEntry[]; onSelect: (item: MenuItem) => void }) {
  return items.map((item, i) =>
    item === "divider" ? (
      <div key={`d${i}`} role="separator" className="my-1 h-px bg-zinc-100 dark:bg-zinc-700" />
    ) : (
      <button
        key={item.key}
        type="button"
        role={item.checked === undefined ? "menuitem" : "menuitemradio"}
        aria-checked={item.checked}
        tabIndex={-1}
        onClick={() => onSelect(item)}
        className={clsx(
          "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm outline-none focus:bg-zinc-100 dark:focus:bg-zinc-700/70",
          item.danger ? "text-red-600 dark:text-red-400" : "text-zinc-700 dark:text-zinc-200",
        )}
      >
        {item.icon && <span className="shrink-0 opacity-70">{item.icon}</span>}
        <span className="flex-1">{item.label}</span>
        {item.checked && <span className="size-1.5 rounded-full bg-primary-500" aria-hidden="true" />}
      </button>
    ),
  );
}
