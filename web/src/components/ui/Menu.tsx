import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import clsx from "clsx";
import { focusMenuItem, MenuEntries, onMenuKeyDown, type MenuEntry } from "./MenuEntries";

export type { MenuEntry, MenuItem } from "./MenuEntries";

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

  useEffect(() => {
    if (!open) return;
    focusMenuItem(list.current, pending.current === "first" ? 0 : -1);
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
          onKeyDown={(e) => onMenuKeyDown(e, list.current, close)}
          className={clsx(
            "absolute z-40 min-w-52 animate-pop-in rounded-xl border border-zinc-200 bg-white p-1 shadow-xl shadow-zinc-900/10 dark:border-zinc-700 dark:bg-zinc-800 dark:shadow-black/40",
            align === "end" ? "right-0" : "left-0",
            placement === "top" ? "bottom-full mb-2" : "top-full mt-2",
          )}
        >
          <MenuEntries
            items={items}
            onSelect={(item) => {
              close();
              item.onSelect();
            }}
          />
        </div>
      )}
    </div>
  );
}
