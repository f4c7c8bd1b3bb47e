import { useState } from "react";
import clsx from "clsx";
import { useAppSelector } from "../app/hooks";
import { getInitials } from "../utils/text";

const LOGO_URL = "/api/resource/organization/logo";

/** A missing logo is asked for once per page load (per URL: a new logo is asked for again). */
let missingLogo: string | null = null;

/**
 * The organization logo (`/api/resource/organization/logo`, or the versioned URL of a logo
 * changed in this session, so every logo on screen follows the event stream), or the name's
 * initials if it 404s.
 */
export default function ServerLogo({ name, size = 40, className }: { name: string; size?: number; className?: string }) {
  const src = useAppSelector((s) => s.server.logo) ?? LOGO_URL;
  const [failed, setFailed] = useState(missingLogo);
  const common = clsx("shrink-0 rounded-xl", className);
  if (failed === src) {
    return (
      <span
        className={clsx(
          common,
          "flex items-center justify-center bg-gradient-to-br from-primary-500 to-primary-700 font-bold text-white shadow-sm",
        )}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
        aria-hidden="true"
      >
        {getInitials(name, 2)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={clsx(common, "object-cover")}
      style={{ width: size, height: size }}
      onError={() => {
        missingLogo = src;
        setFailed(src);
      }}
    />
  );
}
