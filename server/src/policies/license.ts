import type { License } from "../license/format.js";

/** The host names a license of any domain list accepts, as VoceChat (docs/API.md "License"). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Why `license` cannot serve `host` at `now`, in VoceChat's words, or null when it can: its
 * domains must name the host (or be `*`; `localhost` always passes), it must not have expired,
 * and its signature must verify.
 */
export function licenseProblem(license: License, sign: boolean, host: string, now: Date): string | null {
  const name = host.toLowerCase();
  if (!LOCAL_HOSTS.has(name) && !license.domains.some((d) => d === "*" || d.toLowerCase() === name)) return "Domain incorrect.";
  if (license.expired_at.getTime() <= now.getTime()) return "Expired.";
  if (!sign) return "Sign invalid.";
  return null;
}
