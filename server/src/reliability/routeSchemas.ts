import type * as z from "zod";
import type { RouteEntry } from "../app.js";

/**
 * What an `/api` route takes, read from the route itself: the zod schemas it declares
 * (`schema: { params, querystring, body }`, which Fastify checks before the handler runs) and a
 * body it reads itself (`config.rawBody`). `routeSchemas.test.ts` fails when a route takes input
 * it does not declare. The fuzzing probe generates requests from these schemas and the
 * authorization matrix reuses them.
 */
export interface RouteInput {
  /** The path parameters, one object (a `*` wildcard is the key "*"). */
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * The body: a JSON value, or for the raw content types (`contentTypes` other than JSON) the
   * text itself, as a string schema.
   */
  body?: z.ZodType;
  /** The content types the route reads; JSON when there is a body and this is absent. */
  contentTypes?: string[];
  /** A body no zod schema describes: a picture (`image/png`) or a multipart upload chunk. */
  raw?: "png" | "multipart";
  /** An event stream: the fuzzing probe leaves it to the events suite. */
  stream?: true;
}

/** A route's input, from its declaration. */
export function inputOf(route: RouteEntry): RouteInput {
  const { params, querystring, body } = route.schema;
  const input: RouteInput = { params, query: querystring, body: body ?? route.rawBody?.text };
  if (route.rawBody) input.contentTypes = route.rawBody.contentTypes;
  if (route.rawBody?.binary) input.raw = route.rawBody.binary;
  if (route.stream) input.stream = true;
  return input;
}

/** Every `/api` route's input, by `"METHOD /api/path"`. */
export function routeInputs(routeTable: RouteEntry[]): Record<string, RouteInput> {
  return Object.fromEntries(apiRoutes(routeTable).map((route) => [routeKey(route), inputOf(route)]));
}

/** `"METHOD /api/path"` of a registered route. */
export const routeKey = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;

/** The routes of the app under /api that a client calls (HEAD and OPTIONS are Fastify's). */
export function apiRoutes<R extends { method: string; url: string }>(routeTable: R[]): R[] {
  return routeTable.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS");
}
