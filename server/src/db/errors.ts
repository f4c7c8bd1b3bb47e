/** A unique-index violation, on either database (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): err is { code: string; constraint?: string; message?: string } {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
