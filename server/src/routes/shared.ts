import type { FastifyRequest } from "fastify";
import * as z from "zod";
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from "@parley/protocol";
import type { AuditActor } from "../commands/audit.js";
import { decodeProperties, type OutgoingContent } from "../commands/messages.js";
import type { RawBody } from "../http/validate.js";

/** An id in a JSON body: a positive integer that fits a double. */
export const idValue = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An id in a path or query string: decimal digits only ("1e3", "0x10" and " 7" are not ids). */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, "expected a positive integer")
  .transform(Number)
  .pipe(idValue);

/** A non-negative integer in a query string, e.g. `after_mid=0`. */
export const countParam = z
  .string()
  .regex(/^[0-9]{1,16}$/, "expected a non-negative integer")
  .transform(Number)
  .pipe(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

/** A page size in a query string: 1 to `max`, `fallback` when absent. */
export function pageLimitParam(max: number, fallback: number) {
  return z
    .string()
    .regex(/^[0-9]{1,7}$/, "expected a positive integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .default(fallback);
}

export const historyQuery = z.object({
  before: idParam.optional(),
  limit: pageLimitParam(HISTORY_MAX_LIMIT, HISTORY_DEFAULT_LIMIT),
});

/** The body of a send: the Content-Type picks the kind, `X-Properties` carries the properties. */
export function outgoingContent(req: FastifyRequest): OutgoingContent {
  const contentType = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  const content = typeof req.body === "string" ? req.body : "";
  return { content_type: contentType, content, properties: decodeProperties(req.headers["x-properties"]) };
}

/** One id in the path: `/group/:gid`, `/user/:uid`, `/message/:mid`. */
export const gidParams = z.object({ gid: idParam });
export const uidParams = z.object({ uid: idParam });
export const midParams = z.object({ mid: idParam });

/**
 * A JSON body whose fields are all optional: absent (or null) is the same as `{}`.
 */
export function optionalBody<S extends z.ZodObject>(schema: S) {
  return schema.nullish().transform((body) => body ?? ({} as z.output<S>));
}

/**
 * The raw body of a send, reply or edit: the text, its kind from the Content-Type
 * (`outgoingContent`). `commands/messages.ts#checkContent` bounds it.
 */
export const MESSAGE_BODY: RawBody = { contentTypes: ["text/plain", "text/markdown"], text: z.string().min(1).max(2_000) };

/** Who made this request, for the audit log: the signed-in user (if any) and the client address. */
export function auditActorOf(req: FastifyRequest): AuditActor {
  return { uid: req.claims?.uid ?? null, ip: req.ip ?? null };
}
