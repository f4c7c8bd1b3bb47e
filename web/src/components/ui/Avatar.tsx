import { useState } from "react";
import clsx from "clsx";
import { getInitials, hueOf } from "../../utils/text";

interface Props {
  name: string;
  seed?: string | number;
  /** Image URL; falls back to initials when missing or broken. */
  src?: string | null;
  size?: number;
  online?: boolean;
  className?: string;
  rounded?: "full" | "lg";
}

export function avatarUrl(uid: number, avatarUpdatedAt: number): string | null {
  return avatarUpdatedAt ? `/api/resource/avatar?uid=${uid}&t=${avatarUpdatedAt}` : null;
}

export default function Avatar({ name, seed, src, size = 36, online, className, rounded = "lg" }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  const showImg = !!src && broken !== src;
  const hue = hueOf(seed ?? name);
  const initials = getInitials(name);
  const fontSize = Math.max(10, Math.round(size * (initials.length > 2 ? 0.3 : 0.4)));
  return (
    <span
      className={clsx("relative inline-flex shrink-0", className)}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {showImg ? (
        <img
          src={src}
          alt=""
          className={clsx("size-full object-cover", rounded === "full" ? "rounded-full" : "rounded-lg")}
          onError={() => setBroken(src)}
        />
      ) : (
        <span
          className={clsx(
            "flex size-full items-center justify-center font-semibold tracking-tight text-white select-none",
            rounded === "full" ? "rounded-full" : "rounded-lg",
          )}
          style={{
            fontSize,
            background: `linear-gradient(135deg, oklch(0.62 0.16 ${hue}), oklch(0.52 0.17 ${(hue + 40) % 360}))`,
          }}
        >
          {initials}
        </span>
      )}
      {online !== undefined && (
        <span
          className={clsx(
            "absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-white dark:border-zinc-900",
            online ? "bg-emerald-500" : "bg-zinc-300 dark:bg-zinc-600",
          )}
        />
      )}
    </span>
  );
}
