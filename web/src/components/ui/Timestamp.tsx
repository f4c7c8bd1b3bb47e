import type { ReactNode } from "react";
import { fullTimestamp } from "../../utils/dates";

/** A moment shown as `children` (in a short form), with the exact time in its tooltip and `dateTime`. */
export default function Timestamp({ ts, className, children }: { ts: number; className?: string; children: ReactNode }) {
  return (
    <time dateTime={new Date(ts).toISOString()} title={fullTimestamp(ts)} className={className}>
      {children}
    </time>
  );
}
