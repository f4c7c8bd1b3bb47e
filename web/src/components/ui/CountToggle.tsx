import type { ButtonHTMLAttributes, ReactNode } from "react";
import clsx from "clsx";

/** The classes of a filter's look: the button in both states, and its count in both states. */
export interface CountToggleLook {
  base: string;
  on: string;
  off: string;
  countOn: string;
  countOff: string;
}

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> {
  pressed: boolean;
  count: number;
  look: CountToggleLook;
  children: ReactNode;
}

/** A filter of a list: its name and how many it matches, pressed while chosen. */
export default function CountToggle({ pressed, count, look, children, ...rest }: Props) {
  return (
    <button type="button" aria-pressed={pressed} className={clsx(look.base, pressed ? look.on : look.off)} {...rest}>
      {children}
      <span className={clsx("tabular-nums", pressed ? look.countOn : look.countOff)}>{count}</span>
    </button>
  );
}
