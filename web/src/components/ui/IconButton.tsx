import type { ButtonHTMLAttributes, ReactNode } from "react";
import clsx from "clsx";

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name (also the tooltip). */
  label: string;
  /** Without the `icon-btn` look: `className` alone styles it. */
  bare?: boolean;
  children: ReactNode;
  ref?: React.Ref<HTMLButtonElement>;
}

/** A square icon-only button with an accessible name. */
export default function IconButton({ label, bare, className, children, type = "button", ...rest }: Props) {
  return (
    <button type={type} aria-label={label} title={label} className={bare ? className : clsx("icon-btn", className)} {...rest}>
      {children}
    </button>
  );
}
