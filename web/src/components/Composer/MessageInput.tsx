import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode, type RefObject, type TextareaHTMLAttributes } from "react";
import { mentionRanges, type MentionRef } from "./mentions";

const MAX_HEIGHT = 240;
// One set of text metrics for the textarea and its highlight layer: they must wrap identically.
const TEXT = "py-1 text-[15px] leading-6 break-words whitespace-pre-wrap";

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value"> {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  mentions: MentionRef[];
  onChange: (value: string, caret: number) => void;
  onCaret: (caret: number) => void;
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste?: (e: ClipboardEvent<HTMLTextAreaElement>) => void;
}

/**
 * The auto-growing textarea. Picked mentions read `@Name` in the text; a layer behind the
 * transparent textarea paints a chip under each, aligned by sharing the text metrics, width
 * (without the scrollbar) and scroll position.
 */
export default function MessageInput({ inputRef, value, mentions, onChange, onCaret, onKeyDown, onPaste, className, ...rest }: Props) {
  const layer = useRef<HTMLDivElement>(null);
  const ranges = mentionRanges(value, mentions);

  const syncLayer = () => {
    const el = inputRef.current;
    const under = layer.current;
    if (!el || !under) return;
    under.style.width = `${el.clientWidth}px`;
    under.scrollTop = el.scrollTop;
  };

  // Only when the text or its mentions change (the layer exists only with mentions): reading
  // scrollHeight forces a layout, and the composer re-renders with every message that arrives.
  // The first fit waits for the frame (still before its paint): in the render that mounts the
  // conversation, that layout is the whole new screen's (docs/PERFORMANCE.md "Client long tasks").
  const fitted = useRef(false);
  useLayoutEffect(() => {
    const fit = () => {
      const el = inputRef.current;
      if (!el) return;
      el.style.height = "auto";
      el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
      const under = layer.current;
      if (!under) return;
      under.style.width = `${el.clientWidth}px`;
      under.scrollTop = el.scrollTop;
    };
    if (fitted.current) return fit();
    const frame = requestAnimationFrame(() => {
      fitted.current = true;
      fit();
    });
    return () => cancelAnimationFrame(frame);
  }, [inputRef, value, mentions]);

  const segments: ReactNode[] = [];
  let pos = 0;
  for (const r of ranges) {
    segments.push(value.slice(pos, r.start));
    segments.push(
      <mark key={r.start} className="rounded-sm bg-primary-100 text-transparent shadow-[0_0_0_2px_var(--color-primary-100)] dark:bg-primary-900/70 dark:shadow-[0_0_0_2px_color-mix(in_oklab,var(--color-primary-900)_70%,transparent)]">
        {value.slice(r.start, r.end)}
      </mark>,
    );
    pos = r.end;
  }
  // A trailing line break needs a character after it to take up its line.
  segments.push(value.slice(pos) + (value.endsWith("\n") ? "\u200b" : ""));

  return (
    <div className="relative min-w-0 flex-1 self-center">
      {ranges.length > 0 && (
        <div ref={layer} aria-hidden="true" className={`pointer-events-none absolute top-0 left-0 h-full overflow-hidden text-transparent ${TEXT}`} data-testid="mention-layer">
          {segments}
        </div>
      )}
      <textarea
        ref={inputRef}
        rows={1}
        value={value}
        onChange={(e) => onChange(e.target.value, e.target.selectionStart)}
        onSelect={(e) => onCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onScroll={syncLayer}
        className={`scroll-thin relative block max-h-60 min-h-8 w-full resize-none bg-transparent text-zinc-900 outline-none placeholder:text-zinc-400 disabled:cursor-not-allowed dark:text-zinc-100 dark:placeholder:text-zinc-500 ${TEXT} ${className ?? ""}`}
        {...rest}
      />
    </div>
  );
}
