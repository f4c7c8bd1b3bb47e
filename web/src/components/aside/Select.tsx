import type { SelectHTMLAttributes } from "react";
import clsx from "clsx";
import { ChevronDownIcon } from "../Icons";

/** A native select (keyboard and screen readers as the platform does them) in the app's input style. */
export default function Select({ className, block, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { block?: boolean }) {
  return (
    <span className={clsx("relative", block ? "flex" : "inline-flex", className)}>
      <select
        className="h-9 w-full min-w-44 cursor-pointer appearance-none rounded-lg border border-zinc-300 bg-white py-0 pr-9 pl-3 text-sm text-zinc-900 shadow-xs transition outline-none hover:border-zinc-400 focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-zinc-600 dark:focus:border-primary-400 dark:[color-scheme:dark]"
        {...rest}
      />
      <ChevronDownIcon size={15} className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-zinc-400" />
    </span>
  );
}
