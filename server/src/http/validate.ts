import type * as z from "zod";
import { badRequest } from "./errors.js";

/** Parses a request part with its schema; a mismatch is a 400 naming the first bad field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part = "body"): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${part}.${issue.path.join(".")}` : part;
    throw badRequest(`failed to parse ${where}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}
