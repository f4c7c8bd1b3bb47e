import { useId, type ReactNode } from "react";
import clsx from "clsx";

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch (`role="switch"`) with its label; Space and Enter toggle it. */
export default function Toggle({ checked, onChange, label, description, disabled, className }: Props) {
  const id = useId();
  return (
    <div className={clsx("flex items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {label}
        </p>
        {description && (
          <p id={`${id}-desc`} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={clsx(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60",
          checked ? "bg-primary-600 dark:bg-primary-500" : "bg-zinc-300 dark:bg-zinc-700",
        )}
      >
        <span className={clsx("inline-block size-5 rounded-full bg-white shadow transition", checked ? "translate-x-5.5" : "translate-x-0.5")} />
      </button>
    </div>
  );
}
