import { PROPERTIES_HEADER, SERVER_VERSION } from "@parley/protocol";
import * as z from "zod";
import type { RouteEntry } from "../app.js";
import { paramNames } from "../http/validate.js";
import { RESPONSES, type RouteResponse } from "./responses.js";

/**
 * The OpenAPI 3.1 document of `GET /api/spec`, made from the routes themselves: their paths, the
 * zod schemas Fastify validates their requests with (`schema: { params, querystring, body }`, the
 * raw bodies of `config.rawBody`), the guard each runs (`RouteEntry.auth`), and what they answer
 * (`responses.ts`). One source: a route's schema change is the document's.
 */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
type JsonSchema = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  "x-parley-auth": string;
}

/** The Auth column of docs/API.md "Authentication", by guard (`auth/guard.ts`). */
const AUTH = {
  user: { column: "T", text: "Any session, guests included." },
  member: { column: "T,G", text: "A session that is not a guest's (guests get 403)." },
  admin: { column: "admin", text: "An admin's session (403 for anyone else)." },
  bot: { column: "BK", text: "A bot API key (access tokens get 401)." },
} as const;

/**
 * Routes that check a credential of their own instead of a guard: the event stream's token in
 * the query, the third-party secret, and the two routes a session changes without requiring one.
 */
const OWN_AUTH: Record<string, { column: string; text: string; security: Record<string, string[]>[] }> = {
  "GET /api/user/events": { column: "T", text: "The access token in the `api-key` query parameter (an EventSource cannot set headers).", security: [{ streamToken: [] }] },
  "POST /api/token/create_third_party_key": { column: "X-SECRET", text: "The third-party secret in `X-SECRET`.", security: [{ thirdPartySecret: [] }] },
  "POST /api/user/send_login_magic_link": { column: "–", text: "None; with a member's session it is an invitation by e-mail.", security: [{}, { userToken: [] }] },
  "GET /api/group/:gid": { column: "–", text: "None for a public channel; a private one needs a member's session.", security: [{}, { userToken: [] }] },
};

const SECURITY_SCHEMES = {
  userToken: { type: "apiKey", in: "header", name: "x-api-key", description: "An access token (`POST /api/token/login`), renewed with `POST /api/token/renew`." },
  botKey: { type: "apiKey", in: "header", name: "x-api-key", description: "A bot API key (Settings → Bot & Webhook, or `POST /api/admin/user/bot-api-key/{uid}`)." },
  streamToken: { type: "apiKey", in: "query", name: "api-key", description: "An access token, on the event stream only." },
  thirdPartySecret: { type: "apiKey", in: "header", name: "x-secret", description: "The server's third-party secret." },
};

/** A zod schema as JSON Schema (2020-12, what OpenAPI 3.1 uses): requests as they arrive, answers as sent. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** The object inside a schema (a query or params object may be wrapped in a transform or a union with null). */
function objectPart(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type === "object") return schema;
  const members = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as JsonSchema[] | undefined;
  return members?.map(objectPart).find(Boolean);
}

function parametersOf(schema: z.ZodType | undefined, where: "path" | "query", rename: (name: string) => string): JsonSchema[] {
  const object = schema && objectPart(jsonSchemaOf(schema, "input"));
  if (!object) return [];
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name: rename(name),
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

/** Fastify's path as OpenAPI's: `:gid` → `{gid}`, the wildcard named as its failures name it. */
function openApiPath(route: RouteEntry): { path: string; wildcard: string } {
  const wildcard = route.schema.params ? (paramNames.get(route.schema.params)?.name("*") ?? "path") : "path";
  return { path: route.url.replace(/:([A-Za-z_]+)/g, "{$1}").replace("*", `{${wildcard}}`), wildcard };
}

function requestBodyOf(route: RouteEntry): JsonSchema | undefined {
  const { body } = route.schema;
  if (body) {
    return { required: !body.safeParse(undefined).success, content: { "application/json": { schema: jsonSchemaOf(body, "input") } } };
  }
  const raw = route.rawBody;
  if (!raw) return undefined;
  const schemaFor = (type: string): JsonSchema => {
    if (raw.binary === "png") return { type: "string", contentMediaType: type, contentEncoding: "binary" };
    if (raw.binary === "multipart") {
      return {
        type: "object",
        required: ["file_id", "chunk_data"],
        properties: {
          file_id: { type: "string", description: "from the prepare route; sent before chunk_data" },
          chunk_data: { type: "string", contentMediaType: "application/octet-stream" },
          chunk_is_last: { type: "string", enum: ["true", "false"] },
        },
      };
    }
    return raw.text ? jsonSchemaOf(raw.text, "input") : { type: "string" };
  };
  return { required: true, content: Object.fromEntries(raw.contentTypes.map((type) => [type, { schema: schemaFor(type) }])) };
}

const TEXT_ERROR = { "text/plain": { schema: { type: "string" } } };

function responsesOf(doc: RouteResponse, secured: boolean): Record<string, JsonSchema> {
  let content: JsonSchema | undefined;
  if (doc.json) content = { "application/json": { schema: jsonSchemaOf(doc.json, "output") } };
  else if (doc.text) content = { [doc.text]: { schema: { type: "string" } } };
  else if (doc.file) content = Object.fromEntries(doc.file.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]));
  else if (doc.stream) content = { "text/event-stream": { schema: { type: "string" } } };
  const ok = content ? { description: doc.summary, content } : { description: `${doc.summary} (an empty body)` };
  return {
    "200": ok,
    ...(secured ? { "401": { description: "No, an invalid or an expired credential: `authorization error`", content: TEXT_ERROR } } : {}),
    "4XX": { description: "Refused: a short text naming the problem (docs/API.md \"Status codes\")", content: TEXT_ERROR },
  };
}

function operationOf(route: RouteEntry, path: string, wildcard: string): Operation {
  const key = routeKey(route);
  const doc = RESPONSES[key] ?? { summary: key };
  const own = OWN_AUTH[key];
  const guard = route.auth ? AUTH[route.auth] : undefined;
  const security = own?.security ?? (route.auth ? [{ [route.auth === "bot" ? "botKey" : "userToken"]: [] }] : []);
  const column = own?.column ?? guard?.column ?? "–";
  const rename = (name: string) => (name === "*" ? wildcard : name);
  const parameters = [...parametersOf(route.schema.params, "path", rename), ...parametersOf(route.schema.querystring, "query", rename)];
  if (route.rawBody?.contentTypes.includes("text/markdown")) {
    parameters.push({ name: PROPERTIES_HEADER, in: "header", required: false, description: "The message's properties: base64 of a JSON object (mentions, a file's name and size, …).", schema: { type: "string" } });
  }
  const requestBody = requestBodyOf(route);
  return {
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: doc.summary,
    description: `Auth: **${column}**. ${own?.text ?? guard?.text ?? "None."}`,
    tags: [tagOf(route.url)],
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(doc, security.length > 0 && !security.some((s) => Object.keys(s).length === 0)),
    "x-parley-auth": column,
  };
}

const routeKey = (route: RouteEntry): string => `${route.method} ${route.url}`;

/** `/api/admin/user/...` → `admin`, `/api/group/...` → `group`. */
function tagOf(url: string): string {
  return url.split("/")[2] ?? "api";
}

/** The document for the app's routes (`app.routeTable`, complete once the app is ready). */
export function buildDocument(routeTable: RouteEntry[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  // HEAD and OPTIONS are Fastify's own.
  for (const route of routeTable.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS")) {
    const { path, wildcard } = openApiPath(route);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, path, wildcard);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley API",
      version: SERVER_VERSION,
      description:
        "The VoceChat HTTP API as Parley serves it (docs/API.md is the full reference). Authenticate with the `x-api-key` header: " +
        "an access token from `POST /api/token/login` for the user routes, a bot API key for the `/api/bot` routes.",
    },
    servers: [{ url: "/" }],
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
  };
}
