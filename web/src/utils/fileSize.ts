/** File sizes as the chat shows them (message cards, the composer's file queue, the files screen). */
import { SIZE_UNIT } from "@parley/protocol";

const UNITS = ["B", "kB", "MB", "GB", "TB"];

/** A byte count in units of 1000: `999 B`, `1.5 kB`, `12.3 MB`, `120 MB`; "" when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes < 0) return "";
  let value = bytes;
  let unit = 0;
  while (value >= SIZE_UNIT && unit < UNITS.length - 1) {
    value /= SIZE_UNIT;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  // One decimal below 100 ("12.3 MB"), none above ("120 MB"); a trailing ".0" is dropped.
  const rounded = value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
  // 999.96 kB rounds to 1000 kB: show it as the next unit instead.
  if (rounded >= SIZE_UNIT && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${rounded} ${UNITS[unit]}`;
}
