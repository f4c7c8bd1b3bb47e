import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { EyeIcon, EyeOffIcon } from "../EntryIcons";
import Field, { noteOf } from "./Field";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label?: ReactNode;
  /** Small text under the field. */
  hint?: ReactNode;
  /** An error under the field (marks it invalid). */
  error?: ReactNode;
  /** An icon inside the field, on the left. */
  leading?: ReactNode;
  /** Something inside the field, on the right. */
  trailing?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

/** A labelled text input with hint and error text wired to it. */
export default function Input({ label, hint, error, leading, trailing, id, className, ...rest }: InputProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        {leading && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-zinc-400">{leading}</span>}
        <input
          id={inputId}
          className={clsx("input", leading && "pl-9", trailing && "pr-10", error && "border-red-500! focus:ring-red-500/20!")}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteOf(inputId, { hint, error })}
          {...rest}
        />
        {trailing && <span className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</span>}
      </div>
    </Field>
  );
}

/** The required e-mail address of a sign-in or sign-up form (`name`, `type` and autocomplete set). */
export function EmailInput(props: Omit<InputProps, "name" | "type" | "autoComplete" | "required">) {
  return <Input name="email" type="email" autoComplete="email" required {...props} />;
}

/** A password input with a show/hide button. */
export function PasswordInput(props: Omit<InputProps, "type" | "trailing">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          className="icon-btn size-7"
          aria-label={visible ? t("action.hide_password") : t("action.show_password")}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
        </button>
      }
    />
  );
}
