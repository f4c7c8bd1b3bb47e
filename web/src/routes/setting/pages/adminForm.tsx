/**
 * The building blocks the admin console's pages share (Overview, Configuration, SMTP, Login
 * Methods): a titled card, its switch and select rows, and the outcome of a save.
 */
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import Select from "../../../components/aside/Select";
import Alert from "../../../components/ui/Alert";
import Toggle from "../../../components/ui/Toggle";

/** A titled group of settings in a card (`plain`: the children bring their own card). */
export function Section({ title, hint, children, className, testId, plain }: { title: string; hint?: ReactNode; children: ReactNode; className?: string; testId?: string; plain?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <div className="mb-2 px-1">
        <h3 id={id} className="text-[13px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {title}
        </h3>
        {hint && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>}
      </div>
      {plain ? children : <div className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">{children}</div>}
    </section>
  );
}

/** A switch row of a `Section`. */
export function SwitchRow(props: { label: ReactNode; description?: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return <Toggle {...props} className="px-5 py-4" />;
}

/** A labelled select row of a `Section`. */
export function SelectRow<V extends string | number>({
  label,
  description,
  value,
  options,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  description?: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-5 py-4">
      <div className="min-w-44 flex-1">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {label}
        </label>
        {description && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{description}</p>}
      </div>
      <Select
        id={id}
        value={String(value)}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** What the last save did: nothing yet, saved, or refused with the server's words. */
export type SaveOutcome = { kind: "idle" } | { kind: "saved" } | { kind: "failed"; text: string };

export const IDLE: SaveOutcome = { kind: "idle" };

/** The outcome of a save, under its form (announced: a status or an alert). */
export function SaveNotice({ outcome, savedText, className }: { outcome: SaveOutcome; savedText?: string; className?: string }) {
  const { t } = useTranslation("setting");
  if (outcome.kind === "idle") return null;
  return outcome.kind === "saved" ? (
    <Alert tone="success" className={clsx(className)}>
      {savedText ?? t("overview_edit.saved")}
    </Alert>
  ) : (
    <Alert tone="error" title={t("overview_edit.failed")} className={clsx(className)}>
      {outcome.text}
    </Alert>
  );
}

/** The form footer: the outcome on the left, the buttons on the right. */
export function FormFooter({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">{children}</div>;
}
