import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import clsx from "clsx";
import { CheckIcon } from "../Icons";

export interface RadioCardOption<V extends string> {
  value: V;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Shown but not choosable (its description says why); the arrow keys pass over it. */
  disabled?: boolean;
}

interface Props<V extends string> {
  label: string;
  value: V;
  options: RadioCardOption<V>[];
  onChange: (value: V) => void;
}

/** A radio group of cards; arrow keys move the choice (roving tab index). */
export default function RadioCards<V extends string>({ label, value, options, onChange }: Props<V>) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === "ArrowDown" || e.key === "ArrowRight" ? 1 : e.key === "ArrowUp" || e.key === "ArrowLeft" ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    let next = (index + delta + options.length) % options.length;
    while (options[next].disabled && next !== index) next = (next + delta + options.length) % options.length;
    if (next === index) return;
    onChange(options[next].value);
    refs.current[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className="grid gap-3">
      {options.map((o, i) => {
        const checked = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={o.disabled}
            aria-describedby={o.description ? `${id}-${i}` : undefined}
            tabIndex={checked ? 0 : -1}
            onClick={() => !o.disabled && onChange(o.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={clsx(
              "flex items-start gap-3 rounded-xl border p-4 text-left transition focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none disabled:cursor-not-allowed",
              o.disabled && !checked
                ? "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60"
                : checked
                ? "border-primary-500 bg-primary-50/60 ring-1 ring-primary-500 dark:border-primary-400 dark:bg-primary-950/40 dark:ring-primary-400"
                : "border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/40",
            )}
          >
            {o.icon && (
              <span className={clsx("flex size-9 shrink-0 items-center justify-center rounded-lg", checked ? "bg-primary-600 text-white dark:bg-primary-500" : "bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400")}>
                {o.icon}
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className={clsx("block font-semibold", o.disabled && !checked ? "text-zinc-500 dark:text-zinc-400" : "text-zinc-900 dark:text-zinc-100")}>{o.title}</span>
              {o.description && (
                <span id={`${id}-${i}`} className="mt-0.5 block text-sm text-zinc-500 dark:text-zinc-400">
                  {o.description}
                </span>
              )}
            </span>
            <span
              className={clsx(
                "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2",
                checked ? "border-primary-600 bg-primary-600 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-zinc-950" : "border-zinc-300 dark:border-zinc-600",
              )}
              aria-hidden="true"
            >
              {checked && <CheckIcon size={12} strokeWidth={3} />}
            </span>
          </button>
        );
      })}
    </div>
  );
}
