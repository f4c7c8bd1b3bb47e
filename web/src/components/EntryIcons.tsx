/**
 * The icons of the login page and the app shell (loaded with the entry). Icons.tsx re-exports
 * them with the rest, which load with the lazily loaded screens.
 */
import { createElement, type ReactElement, type SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function base({ size = 18, ...rest }: IconProps) {
  return {
    width: size,
    height: size,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
    ...rest,
  };
}

/** An icon of the 24-px stroke style: an `<svg>` (sized by `size`, other props passed on) around these shapes. */
export function icon(...shapes: ReactElement[]) {
  return (p: IconProps) => createElement("svg", base(p), ...shapes);
}

export const RefreshIcon = icon(<path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />);

export function Spinner({ className = "", size = 16, label }: { className?: string; size?: number; label?: string }) {
  return (
    <svg
      className={`animate-spin ${className}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export const MonitorIcon = icon(<rect x="3" y="4" width="18" height="12" rx="2" />, <path d="M8 20h8M12 16v4" />);

export const MoonIcon = icon(<path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />);

export const SunIcon = icon(<circle cx="12" cy="12" r="4" />, <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />);

export const EyeIcon = icon(<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />, <circle cx="12" cy="12" r="3" />);

export const EyeOffIcon = icon(<path d="M3 3l18 18M10.6 6.1A9.9 9.9 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6A17 17 0 0 0 2 12s3.5 6 10 6a9.7 9.7 0 0 0 4.4-1" />, <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />);

export const MailIcon = icon(<rect x="3" y="5" width="18" height="14" rx="2" />, <path d="m3 7 9 6 9-6" />);

export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, <path d="M4 21a8 8 0 0 1 16 0" />);

export const AlertIcon = icon(<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />, <path d="M12 9v4M12 17h.01" />);

export const CheckCircleIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="m8 12 3 3 5-6" />);

export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);

export const InfoIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M12 11v5M12 8h.01" />);

export const LanguageIcon = icon(<path d="M4 5h8M8 3v2M6 5c0 4 2.5 7 5 8M10 5c0 3-2.5 7-6 9M13 21l4-9 4 9M14.5 18h5" />);
