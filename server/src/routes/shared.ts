import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from "@parley/protocol";
import { decodeProperties, type OutgoingContent } from "../commands/messages.js";
import { parse } from "../http/validate.js";

/** Path ids are positive int64s that fit a double. */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const historyQuery = z.object({
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
});

/** The body of a send: the Content-Type picks the kind, `X-Properties` carries the properties. */
export function outgoingContent(req: FastifyRequest): OutgoingContent {
  const contentType = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  const content = typeof req.body === "string" ? req.body : "";
  return { content_type: contentType, content, properties: decodeProperties(req.headers["x-properties"]) };
}

export const parseId = (value: unknown, name: string): number => parse(idParam, value, name);
