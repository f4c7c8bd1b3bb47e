import { AVATAR_INITIALS_MAX } from "@parley/protocol";

/** Avatar initials: first letters of the words, up to 4 characters. */
export function getInitials(name: string | null | undefined, max = AVATAR_INITIALS_MAX): string {
  const clean = (name ?? "").trim();
  if (!clean) return "?";
  const words = clean.split(/[\s._-]+/).filter(Boolean);
  let out: string;
  if (words.length > 1) {
    out = words.map((w) => Array.from(w)[0]).join("");
  } else {
    out = Array.from(clean).slice(0, 2).join("");
  }
  return Array.from(out).slice(0, max).join("").toUpperCase();
}

/** A stable hue (0-359) for a name, used to tint avatars. */
export function hueOf(seed: string | number): number {
  const s = String(seed);
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  // Golden-angle spread, so neighbouring ids (1, 2, 3…) get clearly different hues.
  return Math.round((h * 137.508) % 360);
}
