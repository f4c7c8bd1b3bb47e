import { useState } from "react";
import clsx from "clsx";
import { getInitials } from "../utils/text";

/** A missing logo is asked for once per page load. */
let logoMissing = false;

/** The organization logo (`/api/resource/organization/logo`), or the name's initials if it 404s. */
export default function ServerLogo({ name, size = 40, className }: { name: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState(logoMissing);
  const common = clsx("shrink-0 rounded-xl", className);
  if (failed) {
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
      src="/api/resource/organization/logo"
      alt=""
      width={size}
      height={size}
      className={clsx(common, "object-cover")}
      style={{ width: size, height: size }}
      onError={() => {
        logoMissing = true;
        setFailed(true);
      }}
    />
  );
}
