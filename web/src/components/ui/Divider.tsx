import type { ReactNode } from "react";

/** A horizontal rule, optionally with a word in the middle ("or"). */
export default function Divider({ children }: { children?: ReactNode }) {
  if (!children) return <hr className="my-6 border-zinc-200 dark:border-zinc-800" />;
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400" role="separator">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      {children}
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
