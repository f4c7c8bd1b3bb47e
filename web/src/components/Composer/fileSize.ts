import { SIZE_UNIT } from "@parley/protocol";

const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** "340 KB", "1.2 MB": decimal units of 1000 (spec §9 "Sizes shown in units of 1000"). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= SIZE_UNIT && unit < UNITS.length - 1) {
    value /= SIZE_UNIT;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  // 999.6 KB rounds to "1000 KB": say "1 MB" instead.
  if (shown >= SIZE_UNIT && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${shown} ${UNITS[unit]}`;
}
