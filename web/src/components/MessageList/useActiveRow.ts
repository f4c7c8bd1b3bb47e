/**
 * The row under the mouse and the row holding the focus show their toolbars. Tracked by the list,
 * not by each row: a row that appears under a resting pointer (its body paged in, rows shifting)
 * gets no mouse event, so the row under it is looked up again after layout (`recheck`), as CSS
 * :hover is.
 */
import { useCallback, useRef, useState, type FocusEvent, type MouseEvent } from "react";

/** The message (mid) of the row an element is in. */
const rowMidOf = (el: EventTarget | null): number | undefined => {
  const row = el instanceof Element ? el.closest<HTMLElement>("[data-mid]") : null;
  return row ? Number(row.dataset.mid) : undefined;
};

export function useActiveRow() {
  const [hoverMid, setHoverMid] = useState<number>();
  const [focusMid, setFocusMid] = useState<number>();
  const pointer = useRef<{ x: number; y: number } | null>(null);

  const recheck = useCallback(() => {
    if (pointer.current) setHoverMid(rowMidOf(document.elementFromPoint(pointer.current.x, pointer.current.y)));
  }, []);

  /** For the element around the list. */
  const handlers = {
    onMouseMove: (e: MouseEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
      setHoverMid(rowMidOf(e.target));
    },
    onMouseLeave: () => {
      pointer.current = null;
      setHoverMid(undefined);
    },
    onFocus: (e: FocusEvent) => setFocusMid(rowMidOf(e.target)),
    onBlur: (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusMid(undefined);
    },
  };

  return { handlers, recheck, isActive: (mid: number) => mid === hoverMid || mid === focusMid };
}
