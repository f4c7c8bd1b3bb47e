import type { ReactNode } from "react";
import clsx from "clsx";

export interface FieldProps {
  /** The control's id: the label points at it, and the note is `<id>-note` (for its `aria-describedby`). */
  id: string;
  label?: ReactNode;
  /** Small text under the control. */
  hint?: ReactNode;
  /** An error under the control, in place of the hint. */
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The frame of a form control: its label above, and a hint or an error under it. */
export default function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={className}>
      {label && (
        <label htmlFor={id} className="label">
          {label}
        </label>
      )}
      {children}
      {(error || hint) && (
        <p id={`${id}-note`} className={clsx("mt-1.5 text-xs", error ? "text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400")}>
          {error || hint}
        </p>
      )}
    </div>
  );
}

/** The `aria-describedby` of a control whose `Field` shows a hint or an error. */
export const noteOf = (id: string, { hint, error }: { hint?: ReactNode; error?: ReactNode }) => (error || hint ? `${id}-note` : undefined);
