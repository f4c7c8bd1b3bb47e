/** The grid and list icons of the files screen's view switch (the stroke style of `Icons.tsx`). */
import { base as iconBase, type IconProps } from "../../components/EntryIcons";

export const GridIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </svg>
);
export const ListIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4 6h.01M4 12h.01M4 18h.01" />
  </svg>
);
