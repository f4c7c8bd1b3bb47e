/**
 * The reliability probes run in two sizes: a quick subset inside `npm test` (CI) and the full
 * run of `npm run test:reliability`, which sets `RELIABILITY_FULL=1`. A probe states both sizes
 * with `scale(quick, full)` so the same code proves the same property at either size.
 */
export const FULL_RUN = process.env.RELIABILITY_FULL === "1";

export function scale<T>(quick: T, full: T): T {
  return FULL_RUN ? full : quick;
}

/** Prints one figure line of a probe (`[reliability] name: …`), collected by docs/RELIABILITY.md. */
export function reportFigure(probe: string, text: string): void {
  console.log(`[reliability] ${probe}: ${text}`);
}
