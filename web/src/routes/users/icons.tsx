/**
 * Icons of the members screen (the 24-px stroke style of `Icons.tsx`). Kept here rather than in
 * `Icons.tsx`, which the login page loads, so they only ship with the screen.
 */
import { icon } from "../../components/EntryIcons";

export { UserMinusIcon } from "../../components/aside/icons";
export const UserCheckIcon = icon(<circle cx="9" cy="8" r="4" />, <path d="M2 21a7 7 0 0 1 14 0m1-10 2 2 4-4" />);
export const BanIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="m5.6 5.6 12.8 12.8" />);
