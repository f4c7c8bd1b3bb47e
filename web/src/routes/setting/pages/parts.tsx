/** Pieces the My Account and Members pages share: a titled section, a labelled select, a refusal's text. */
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import clsx from "clsx";
import type { TFunction } from "i18next";
import { serverText } from "../../../app/services/errors";

/** A card with a title, an optional line under it, and its content. */
export function Section({ title, description, children, className, testId }: { title: ReactNode; description?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={clsx("rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900", className)} data-testid={testId}>
      <header className="px-5 pt-4">
        <h2 id={id} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** A native select with its label above it, styled as the text inputs. */
export function SelectField({ label, className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} className="input h-10 cursor-pointer" {...rest}>
        {children}
      </select>
    </div>
  );
}

/**
 * What to show for a refused call: a 409's `{reason}` in words, else the server's plain-text
 * answer, else the general failure. Keys live in setting.json's `account_edit.error`.
 */
export function refusalText(error: unknown, t: TFunction): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  const reason = typeof data === "object" && data !== null ? (data as { reason?: unknown }).reason : undefined;
  if (reason === "name_conflict" || reason === "email_conflict") return t(`account_edit.error.${reason}`, { ns: "setting" });
  return serverText(data) ?? t("account_edit.error.failed", { ns: "setting" });
}
