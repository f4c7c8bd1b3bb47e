import type { ReactNode } from "react";

const TONES = {
  primary: "bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300",
  warning: "bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400",
  danger: "bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400",
};

/** The round tinted icon beside a dialog's title (the `icon` of `Modal` and `ConfirmDialog`). */
export default function ModalIcon({ tone = "primary", children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={`flex size-10 items-center justify-center rounded-full ${TONES[tone]}`}>{children}</span>;
}
