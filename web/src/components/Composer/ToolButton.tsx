import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import clsx from "clsx";

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name and tooltip. */
  label: string;
  /** Pressed or open. */
  active?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** A small icon button of the composer's toolbar. */
export function ToolButton({ label, active, className, children, type = "button", ...rest }: Props) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={clsx(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-lg transition focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50",
        active
          ? "bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300"
          : "text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
