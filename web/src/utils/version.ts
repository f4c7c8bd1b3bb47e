/**
 * Server version comparison: the suffix after a dash is ignored and the parts must be
 * numeric. Returns -1, 0 or 1; an unparsable version compares as unknown (NaN).
 */
export function parseVersion(version: string | null | undefined): number[] | null {
  if (!version) return null;
  const core = version.trim().replace(/^v/i, "").split("-")[0];
  if (!core) return null;
  const parts = core.split(".");
  if (!parts.every((p) => /^\d+$/.test(p))) return null;
  return parts.map(Number);
}

export function compareVersion(a: string | null | undefined, b: string | null | undefined): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return Number.NaN;
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d > 0 ? 1 : -1;
  }
  return 0;
}

/** The server is at least `min` (false while the version is unknown). */
export const versionAtLeast = (version: string | null | undefined, min: string) => compareVersion(version, min) >= 0;
