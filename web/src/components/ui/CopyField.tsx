import { useId } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import useCopy from "../../hooks/useCopy";
import { CheckIcon, CopyIcon } from "../Icons";
import Field from "./Field";

/**
 * A read-only value (an invite link) with a Copy / Copied button. Without a visible `label`,
 * `ariaLabel` names the field for assistive technology (one or the other is needed).
 */
export default function CopyField({ value, label, ariaLabel, className }: { value: string; label?: string; ariaLabel?: string; className?: string }) {
  const { t } = useTranslation();
  const { copy, copied } = useCopy();
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          aria-label={label ? undefined : ariaLabel}
          className="input min-w-0 flex-1 font-mono text-[13px]"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="copy-value"
        />
        <button type="button" className={clsx("btn-secondary shrink-0", copied && "text-emerald-600! dark:text-emerald-400!")} onClick={() => void copy(value)}>
          {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          {copied ? t("action.copied") : t("action.copy")}
        </button>
      </div>
    </Field>
  );
}
