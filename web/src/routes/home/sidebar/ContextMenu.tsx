import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { focusMenuItem, MenuEntries, onMenuKeyDown, type MenuEntry } from "../../../components/ui/MenuEntries";
import { offAll, on } from "../../../utils/listen";

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

  // New items (a submenu opened in place) start at their first one.
  useEffect(() => {
    focusMenuItem(ref.current, 0);
  }, [items]);

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose(false);
    };
    const onBlur = () => onClose(false);
    return offAll(on(document, "mousedown", onDown), on(window, "blur", onBlur), on(window, "resize", onBlur));
  }, [onClose]);

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={(e) => onMenuKeyDown(e, ref.current, onClose)}
      onContextMenu={(e) => e.preventDefault()}
      style={{ left: pos.left, top: pos.top }}
      className="fixed z-50 min-w-56 animate-pop-in rounded-xl border border-zinc-200 bg-white p-1 shadow-xl shadow-zinc-900/10 dark:border-zinc-700 dark:bg-zinc-800 dark:shadow-black/40"
    >
      {title && <p className="px-2.5 pt-1.5 pb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</p>}
      <MenuEntries items={items} onSelect={(item) => item.onSelect()} />
    </div>,
    document.body,
  );
}
