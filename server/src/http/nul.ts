import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

/**
 * NUL (U+0000) is refused in every parsed request part — path, query, JSON and text bodies —
 * with one 400 before any handler runs. PostgreSQL text cannot hold it (the insert fails with a
 * 500 deep in a command) and SQLite's full-text search mis-reads it, so the same input would
 * answer differently per dialect. Binary bodies (uploads, pictures) are not text and pass.
 */
export function installNulGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook("preValidation", (req, _reply, done) => {
    const part = hasNul(req.params) ? "path" : hasNul(req.query) ? "query" : hasNul(req.body) ? "body" : null;
    done(part ? badRequest(`failed to parse ${part}: contains a NUL character`) : undefined);
  });
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value) || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (key.includes("\u0000") || hasNul(v, depth + 1)) return true;
  return false;
}
