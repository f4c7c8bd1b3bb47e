import clsx from "clsx";
import { CheckIcon } from "../Icons";

/**
 * The tick box drawn beside a choice in a pick list. Only a picture (`aria-hidden`): the row
 * itself carries the checked state. `className` gives its size and shape; `bold` a heavier tick.
 */
export default function TickBox({ on, className, bold }: { on: boolean; className: string; bold?: boolean }) {
  return (
    <span aria-hidden="true" className={clsx(className, on ? "border-primary-600 bg-primary-600 text-white dark:border-primary-500 dark:bg-primary-500" : "border-zinc-300 dark:border-zinc-600")}>
      {on && <CheckIcon size={13} strokeWidth={bold ? 3 : 2} />}
    </span>
  );
}
