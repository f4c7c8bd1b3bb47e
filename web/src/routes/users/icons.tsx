/**
 * Icons of the members screen (the 24-px stroke style of `Icons.tsx`). Kept here rather than in
 * `Icons.tsx`, which the login page loads, so they only ship with the screen.
 */
import { base as iconBase, type IconProps } from "../../components/EntryIcons";

export const UserMinusIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M16 11h6" />
  </svg>
);
export const UserCheckIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0m1-10 2 2 4-4" />
  </svg>
);
export const BanIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </svg>
);
