import { serverText } from "./errors";

/** The server's own words for a refused request (an RTK Query error's plain-text body), if it sent any. */
export function refusalText(error: unknown): string | undefined {
  return error && typeof error === "object" && "data" in error ? serverText(error.data) : undefined;
}
