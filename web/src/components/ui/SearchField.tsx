import type { InputHTMLAttributes } from "react";
import clsx from "clsx";
import { SearchIcon } from "../Icons";
import Input, { type InputProps } from "./Input";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** Read by screen readers (the field shows only its placeholder). */
  label: string;
  /** Classes of the box around the field (display, width); the input's own go in `className`. */
  boxClassName?: string;
}

/** A search input with the magnifier inside it; `className` styles the input (leave room on the left, pl-8). */
export default function SearchField({ label, boxClassName, ...input }: Props) {
  return (
    <label className={clsx("relative", boxClassName)}>
      <span className="sr-only">{label}</span>
      <SearchIcon size={15} className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-zinc-400" />
      <input type="search" {...input} />
    </label>
  );
}

/** A labelled-by-placeholder search box of a list or picker: the `Input` with the magnifier leading. */
export function SearchInput({ label, ...rest }: Omit<InputProps, "type" | "leading" | "placeholder" | "aria-label"> & { label: string }) {
  return <Input type="search" aria-label={label} placeholder={label} leading={<SearchIcon size={16} />} {...rest} />;
}
