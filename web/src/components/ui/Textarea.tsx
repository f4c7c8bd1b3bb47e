import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import clsx from "clsx";
import Field, { noteOf } from "./Field";

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label?: ReactNode;
  /** Small text under the field. */
  hint?: ReactNode;
  /** The frame's class (as `Input`'s `className`); `areaClassName` styles the text area itself (its font, whether it resizes). */
  className?: string;
  areaClassName?: string;
}

/** A labelled multi-line text input, in the style of `Input`. */
export default function Textarea({ label, hint, id, className, areaClassName, ...rest }: Props) {
  const auto = useId();
  const areaId = id ?? auto;
  return (
    <Field id={areaId} label={label} hint={hint} className={className}>
      <textarea id={areaId} className={clsx("input", areaClassName)} aria-describedby={noteOf(areaId, { hint })} {...rest} />
    </Field>
  );
}
