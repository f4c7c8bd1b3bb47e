import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import clsx from "clsx";
import type { MenuEntry } from "../../../components/ui/Menu";

interface Props {
  /** Where it opens (viewport coordinates): the pointer of a right-click, or under the "…" button. */
  x: number;
  y: number;
  label: string;
  items: MenuEntry[];
  onClose: (refocus: boolean) => void;
  /** A heading above the items (the submenu's title). */
  title?: string;
}

const MARGIN = 8;

/**
 * A menu at a point (right-click or a button), with the keyboard model of `ui/Menu`: focus on the
 * first item, arrows/Home/End move, Escape closes and returns focus, Tab and outside clicks close.
 * It stays inside the viewport. Items that open a submenu keep it open (`keepOpen`).
 */
export default function ContextMenu({ x, y, label, items, onClose, title }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: x, top: y });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    setPos({
      left: Math.max(MARGIN, Math.min(x, window.innerWidth - width - MARGIN)),
      top: Math.max(MARGIN, Math.min(y, window.innerHeight - height - MARGIN)),
    });
  }, [x, y, items]);

  const all = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not(:disabled)') ?? [])];
  const focusAt = (i: number) => {
    const list = all();
    if (list.length) list[(i + list.length) % list.length].focus();
  };

  useEffect(() => {
    focusAt(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose(false);
    };
    const onBlur = () => onClose(false);
    document.addEventListener("mousedown", onDown);
    window.addEventListener("blur", onBlur);
    window.addEventListener("resize", onBlur);
    return () => {
      document.removeEventListener("mousedown", onDown);
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("resize", onBlur);
    };
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent) => {
    const list = all();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") focusAt(index + 1);
    else if (e.key === "ArrowUp") focusAt(index - 1);
    else if (e.key === "Home") focusAt(0);
    else if (e.key === "End") focusAt(-1);
    else if (e.key === "Escape") onClose(true);
    else if (e.key === "Tab") return onClose(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
      style={{ left: pos.left, top: pos.top }}
      className="fixed z-50 min-w-56 animate-pop-in rounded-xl border border-zinc-200 bg-white p-1 shadow-xl shadow-zinc-900/10 dark:border-zinc-700 dark:bg-zinc-800 dark:shadow-black/40"
    >
      {title && <p className="px-2.5 pt-1.5 pb-1 text-[11px] font-semibold tracking-wide text-zinc-400 uppercase dark:text-zinc-500">{title}</p>}
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
            onClick={item.onSelect}
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
    </div>,
    document.body,
  );
}
