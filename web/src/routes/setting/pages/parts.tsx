/**
 * The building blocks every settings page shares (the admin console and My Account): a titled
 * section, its switch and select rows, a labelled select, a form edited as a draft with its
 * Reset and Save, the outcome of a save and the words of a refusal.
 */
import { useId, useState, type ReactNode, type SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import type { TFunction } from "i18next";
import { refusalText } from "../../../app/services/refusal";
import Select from "../../../components/aside/Select";
import Alert from "../../../components/ui/Alert";
import Field from "../../../components/ui/Field";
import Toggle from "../../../components/ui/Toggle";
import Button from "../../../components/ui/Button";

/**
 * A titled group of settings: the title and an optional line above, the content in a card
 * (`plain`: the children bring their own card; `danger`: the card is tinted red).
 */
export function Section({
  title,
  description,
  children,
  className,
  testId,
  plain,
  danger,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  plain?: boolean;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <div className="mb-2 px-1">
        <h3 id={id} className="text-[13px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{description}</p>}
      </div>
      {plain ? (
        children
      ) : (
        <div
          className={clsx(
            "divide-y rounded-xl border bg-white dark:bg-zinc-900",
            danger ? "divide-red-100 border-red-200 dark:divide-red-950 dark:border-red-900/60" : "divide-zinc-100 border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800",
          )}
        >
          {children}
        </div>
      )}
    </section>
  );
}

/**
 * A settings page over stored settings: busy while they load, then its sections, under a line
 * saying they could not be read (`failedText`; the forms then show the defaults).
 */
export function SettingsPage({ loading = false, failedText, testId, children }: { loading?: boolean; failedText?: string | false; testId?: string; children: ReactNode }) {
  if (loading) return <div className="h-full" aria-busy="true" />;
  return (
    <div className="mx-auto max-w-2xl space-y-8 p-6" data-testid={testId}>
      {failedText && <p className="text-sm text-red-600 dark:text-red-400">{failedText}</p>}
      {children}
    </div>
  );
}

/** Settings that could not be read, in an alert with a button that reads them again. */
export function LoadFailed({ text, retryText, onRetry }: { text: string; retryText: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      {text}{" "}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        {retryText}
      </button>
    </Alert>
  );
}

/** A switch row of a `Section`. */
export function SwitchRow(props: { label: ReactNode; description?: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return <Toggle {...props} className="px-5 py-4" />;
}

/** A labelled select row of a `Section`: the label on the left, the select on the right. */
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

/** A native select with its label above it, styled as the text inputs (inside a form). */
export function SelectField({ label, className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode }) {
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <select id={id} className="input h-10 cursor-pointer" {...rest}>
        {children}
      </select>
    </Field>
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

/**
 * A form's Reset and Save: Reset (while something was changed) drops the changes and the last
 * outcome; Save submits the form.
 */
export function SaveFooter({ changed, canSave = changed, saving, onReset, saveTestId }: { changed: boolean; canSave?: boolean; saving: boolean; onReset: () => void; saveTestId?: string }) {
  const { t } = useTranslation("setting");
  return (
    <FormFooter>
      {changed && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          {t("overview_edit.reset")}
        </Button>
      )}
      <Button type="submit" size="sm" disabled={!canSave} loading={saving} data-testid={saveTestId}>
        {t("overview_edit.save")}
      </Button>
    </FormFooter>
  );
}

/** What a save's answer means for its form: saved, or refused in the server's words (else `fallback`). */
export function saveOutcome(res: object, fallback: string): SaveOutcome {
  return "error" in res ? { kind: "failed", text: refusalText(res.error) ?? fallback } : { kind: "saved" };
}

/**
 * A form edited as a draft over the stored values: `values` shows the draft, or the stored values
 * while nothing was changed (so a change arriving meanwhile shows); an edit clears the last
 * outcome; after a save, `settle` (or `settleAnswer`, from the save's answer) drops the draft
 * when it was saved and keeps it, to be fixed, when it was refused.
 */
export function useDraft<T extends object>(stored: T) {
  const { t } = useTranslation("setting");
  const [draft, setDraft] = useState<T | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>(IDLE);
  const values = draft ?? stored;
  const settle = (next: SaveOutcome) => {
    if (next.kind === "saved") setDraft(null);
    setOutcome(next);
  };
  return {
    values,
    changed: draft !== null,
    outcome,
    edit: (patch: Partial<T>) => {
      setDraft({ ...values, ...patch });
      setOutcome(IDLE);
    },
    reset: () => {
      setDraft(null);
      setOutcome(IDLE);
    },
    settle,
    /** `settle` with a save's answer (`saveOutcome`), then `onSaved` when it was saved (a refetch, say). */
    settleAnswer: (res: object, onSaved?: () => void) => {
      const next = saveOutcome(res, t("overview_edit.failed_unknown"));
      settle(next);
      if (next.kind === "saved") onSaved?.();
    },
  };
}

/**
 * A settings card that is one form over a `useDraft`: its content, then Reset (while changed:
 * by default, while there is a draft) and Save (by default, while changed).
 */
export function DraftForm({
  label,
  draft,
  changed = draft.changed,
  canSave = changed,
  saving,
  onSubmit,
  testId,
  saveTestId,
  children,
}: {
  label: string;
  draft: { changed: boolean; reset: () => void };
  changed?: boolean;
  canSave?: boolean;
  saving: boolean;
  onSubmit: () => Promise<void>;
  testId?: string;
  saveTestId?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      aria-label={label}
      className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={testId}
    >
      {children}
      <SaveFooter changed={changed} canSave={canSave} saving={saving} onReset={draft.reset} saveTestId={saveTestId} />
    </form>
  );
}

/**
 * What to show for a refused call of My Account and Members: a 409's `{reason}` in words, else the
 * server's plain-text answer, else the general failure. Keys live in setting.json's
 * `account_edit.error`. (The admin console's forms use `refusalText` of services/refusal.ts itself.)
 */
export function accountRefusalText(error: unknown, t: TFunction): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  const reason = typeof data === "object" && data !== null ? (data as { reason?: unknown }).reason : undefined;
  if (reason === "name_conflict" || reason === "email_conflict") return t(`account_edit.error.${reason}`, { ns: "setting" });
  return refusalText(error) ?? t("account_edit.error.failed", { ns: "setting" });
}
