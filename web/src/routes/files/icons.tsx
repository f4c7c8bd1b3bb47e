/** The grid and list icons of the files screen's view switch (the stroke style of `Icons.tsx`). */
import { icon } from "../../components/EntryIcons";

export const GridIcon = icon(<rect x="4" y="4" width="7" height="7" rx="1.5" />, <rect x="13" y="4" width="7" height="7" rx="1.5" />, <rect x="4" y="13" width="7" height="7" rx="1.5" />, <rect x="13" y="13" width="7" height="7" rx="1.5" />);
export const ListIcon = icon(<path d="M9 6h11M9 12h11M9 18h11" />, <path d="M4 6h.01M4 12h.01M4 18h.01" />);
