import type { FastifyError, FastifyInstance } from "fastify";

/**
 * An expected failure with a status and a short plain-text body, as VoceChat answers
 * (docs/API.md "Status codes"). Anything else becomes a 500 "Server Error" with no details on the
 * wire.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = "",
    /** A JSON body instead of text, e.g. `{reason: "name_conflict"}` for 409s. */
    readonly json?: unknown,
  ) {
    super(message);
  }
}

/**
 * A request part that does not match its zod schema (`http/validate.ts`): a 400 `failed to parse
 * <part>.<field>: <message>`.
 */
export class ValidationFailure extends HttpError {
  constructor(
    message: string,
    /** The body's check again with another value: Fastify validates an absent body as null. */
    readonly recheck?: (value: unknown) => ValidationFailure | null,
  ) {
    super(400, message);
  }
}

export const badRequest = (msg = "Bad Request") => new HttpError(400, msg);
export const unauthorized = (msg = "authorization error") => new HttpError(401, msg);
export const forbidden = (msg = "Forbidden") => new HttpError(403, msg);
export const notFound = (msg = "Not Found") => new HttpError(404, msg);
export const conflict = (json?: unknown, msg = "Conflict") => new HttpError(409, msg, json);

/**
 * A failure while reading or parsing a request body is the client's unless it says otherwise: a
 * parser (the multipart reader, a stream cut short) throws plain errors without a status, which
 * would otherwise become 500s. Fastify does the same for the bodies it reads itself (a stream
 * error there is a 400). A failure that already carries a 4xx status (413 past a limit) keeps it.
 */
export function bodyParseError(err: unknown, kind: string): unknown {
  if (err instanceof HttpError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return err;
  const detail = err instanceof Error ? err.message.split("\n")[0].replace(/^\w+: /, "").slice(0, 120).toLowerCase() : "";
  return badRequest(`malformed ${kind} body${detail ? `: ${detail}` : ""}`);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Fastify hands an absent body to its validator as null; the answer names it as absent.
    if (error instanceof ValidationFailure && error.recheck && request.body === undefined) error = error.recheck(undefined) ?? error;
    if (error instanceof HttpError) {
      if (error.json !== undefined) return reply.code(error.status).send(error.json);
      return reply.code(error.status).type("text/plain; charset=utf-8").send(error.message);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Framework-level client errors: bad JSON, body too large, unsupported media type.
      return reply.code(status).type("text/plain; charset=utf-8").send(clientErrorText(error as FastifyError));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).type("text/plain; charset=utf-8").send("Server Error");
  });
}

function clientErrorText(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Payload Too Large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported Media Type";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "failed to parse request body: invalid JSON";
    default:
      return error.message.split("\n")[0].slice(0, 200);
  }
}
