import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { ValidationFailure } from "./errors.js";

/** The app as the routes see it: `schema` parts are zod schemas, and handlers get their output types. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * A body a route reads itself rather than through `schema.body`: text (a message send), a picture
 * or a multipart upload. Declared in the route's `config.rawBody`, so the route table says what
 * every route takes (the fuzzing probe generates requests from it).
 */
export interface RawBody {
  /** The content types the route reads. */
  contentTypes: string[];
  /** The text a valid request carries (the route or its command checks it, not Fastify). */
  text?: z.ZodType;
  /** A body no zod schema describes. */
  binary?: "png" | "multipart";
}

declare module "fastify" {
  interface FastifyContextConfig {
    rawBody?: RawBody;
    /** An event stream, served before Fastify sees it (`routes/events/stream.ts`). */
    stream?: boolean;
  }
}

/**
 * How a failure names a path parameter: by its own name (`failed to parse gid: …`), unless its
 * params schema is registered here (`path.uid`, or `mids` for the `*` of a wildcard route).
 */
export const paramNames = z.registry<{ name: (param: string) => string }>();

/** What a failure calls each request part (`failed to parse query.gid: …`). */
const PART_NAMES: Record<string, string> = { body: "body", querystring: "query", headers: "header" };

/** `failed to parse <where>: <message>` for the first issue; `where` is the part, then the field. */
function failureText(error: z.ZodError, part: string): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${part}.${issue.path.join(".")}` : part;
  return `failed to parse ${where}: ${issue?.message ?? "invalid"}`;
}

/** Parses a value with its schema; a mismatch is a 400 naming the first bad field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part = "body"): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationFailure(failureText(result.error, part));
  return result.data;
}

/** A path parameter is named on its own: the issue's first path segment is the parameter. */
function paramFailureText(error: z.ZodError, schema: z.ZodType): string {
  const issue = error.issues[0];
  const [param, ...rest] = issue?.path ?? [];
  const name = param === undefined ? "path" : (paramNames.get(schema)?.name(String(param)) ?? String(param));
  return `failed to parse ${[name, ...rest].join(".")}: ${issue?.message ?? "invalid"}`;
}

/**
 * Fastify's validator for the routes' zod schemas (`schema: { params, body, querystring }`, checked
 * in that order after the `preValidation` hooks, where the auth guards run): as
 * fastify-type-provider-zod's own, but a mismatch answers what `parse` does, a 400 `failed to
 * parse body.name: …`, `query.gid: …`, or for a path parameter `gid: …`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PART_NAMES[httpPart ?? "body"] ?? String(httpPart);
  const check = (value: unknown): ValidationFailure | { value: unknown } => {
    const result = schema.safeParse(value);
    if (result.success) return { value: result.data };
    if (httpPart === "params") return new ValidationFailure(paramFailureText(result.error, schema));
    return new ValidationFailure(failureText(result.error, part), httpPart === "body" ? recheck : undefined);
  };
  const recheck = (value: unknown): ValidationFailure | null => {
    const result = check(value);
    return result instanceof ValidationFailure ? result : null;
  };
  return (value) => {
    const result = check(value);
    return result instanceof ValidationFailure ? { error: result } : result;
  };
};
