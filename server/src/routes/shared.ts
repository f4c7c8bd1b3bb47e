import type { FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod";
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT, type MessageTarget } from "@parley/protocol";
import { claimsOf } from "../auth/guard.js";
import type { AuditActor } from "../commands/audit.js";
import { decodeProperties, sendMessage, type OutgoingContent } from "../commands/messages.js";
import type { AppContext } from "../context.js";
import { badRequest } from "../http/errors.js";
import { sendJson } from "../http/reply.js";
import type { RawBody } from "../http/validate.js";
import { presentMessage } from "../presenters/messages.js";
import type { Conversation } from "../repos/messages.js";
import type { TokenClaims } from "../auth/tokens.js";

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

/**
 * A page size in a query string: at least 1, `fallback` when absent, and `max` when more is asked
 * (docs/API.md "Conventions": real clients ask for pages larger than a server gives, and a
 * smaller page is an answer they page through, where a 400 is an error they show).
 */
export function pageLimitParam(max: number, fallback: number) {
  return z
    .string()
    .regex(/^[0-9]{1,7}$/, "expected a positive integer")
    .transform(Number)
    .pipe(z.number().int().min(1).transform((n) => Math.min(n, max)))
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

/**
 * Sends the request's body (`outgoingContent`) to `target` as `actor` and answers the new mid
 * as a bare number (docs/API.md "Sending"): the send routes of sessions and of bots.
 */
export async function sendAndAnswerMid(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  target: MessageTarget,
  actor: TokenClaims = claimsOf(req),
): Promise<FastifyReply> {
  const row = await sendMessage(ctx, actor, target, outgoingContent(req));
  return sendJson(reply, row.mid);
}

/** Answers the page of `conversation`'s history that `query` asks for (docs/API.md "History"). */
export async function answerHistory(
  ctx: AppContext,
  reply: FastifyReply,
  conversation: Conversation,
  query: z.output<typeof historyQuery>,
): Promise<FastifyReply> {
  const rows = await ctx.repos.messages.history(conversation, query.before ?? null, query.limit);
  return sendJson(reply, rows.map(presentMessage));
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
 * An update's body as its command's patch: a field that is missing or null is left as it is
 * (undefined). A body that sets nothing is a 400 "nothing to update".
 */
export function patchOf<B extends object>(body: B): { [K in keyof B]: Exclude<B[K], null> } {
  const patch = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value ?? undefined]));
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest("nothing to update");
  return patch as { [K in keyof B]: Exclude<B[K], null> };
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
