import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
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

function focusItem(all: HTMLElement[], index: number) {
  if (all.length) all[(index + all.length) % all.length].focus();
}

interface TriggerProps {
  ref: React.Ref<HTMLButtonElement>;
  "aria-haspopup": "menu";
  "aria-expanded": boolean;
  "aria-controls": string;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

interface Props {
  /** Renders the button that opens the menu; spread the props on it. */
  trigger: (props: TriggerProps) => ReactNode;
  items: MenuEntry[];
  label: string;
  align?: "start" | "end";
  /** Open upwards (a menu at the bottom of the screen). */
  placement?: "bottom" | "top";
  className?: string;
}

/**
 * A dropdown menu with the WAI-ARIA menu keyboard model: Enter/Space/ArrowDown open it on the first
 * item, arrows/Home/End move, Escape closes and returns focus, Tab and clicks outside close it.
 */
export default function Menu({ trigger, items, label, align = "start", placement = "bottom", className }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const pending = useRef<"first" | "last">("first");

  const menuItems = () => [...(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  const focusAt = (index: number) => focusItem(menuItems(), index);

  useEffect(() => {
    if (!open) return;
    focusItem([...(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])], pending.current === "first" ? 0 : -1);
    const onDown = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onTriggerKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      pending.current = e.key === "ArrowDown" ? "first" : "last";
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") focusAt(index + 1);
    else if (e.key === "ArrowUp") focusAt(index - 1);
    else if (e.key === "Home") focusAt(0);
    else if (e.key === "End") focusAt(-1);
    else if (e.key === "Escape") close();
    else if (e.key === "Tab") return close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div ref={wrapper} className={clsx("relative", className)}>
      {trigger({
        ref: button,
        "aria-haspopup": "menu",
        "aria-expanded": open,
        "aria-controls": id,
        onClick: () => {
          pending.current = "first";
          setOpen((o) => !o);
        },
        onKeyDown: onTriggerKey,
      })}
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className={clsx(
            "absolute z-40 min-w-52 animate-pop-in rounded-xl border border-zinc-200 bg-white p-1 shadow-xl shadow-zinc-900/10 dark:border-zinc-700 dark:bg-zinc-800 dark:shadow-black/40",
            align === "end" ? "right-0" : "left-0",
            placement === "top" ? "bottom-full mb-2" : "top-full mt-2",
          )}
        >
          {items.map((item, i) =>
            item === "divider" ? (
              <div key={`d${i}`} role="separator" className="my-1 h-px bg-zinc-100 dark:bg-zinc-700" />
            ) : (
              <button
                key={item.key}
                type="button"
                role={item.checked === undefined ? "menuitem" : "menuitemradio"}
                aria-checked={item.checked}
                tabIndex={-1}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
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
          )}
        </div>
      )}
    </div>
  );
}
