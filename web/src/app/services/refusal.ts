import { licenseText, serverText } from "./errors";

/**
 * The server's own words for a refused request (an RTK Query error's plain-text body), if it sent
 * any; a 451 in the reader's language (the user limit: docs/API.md "License").
 */
export function refusalText(error: unknown): string | undefined {
  if (!error || typeof error !== "object" || !("data" in error)) return undefined;
  if ("status" in error && error.status === 451) return licenseText(error.data);
  return serverText(error.data);
}
