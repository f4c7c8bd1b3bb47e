import fc from "fast-check";
import { multipart } from "../test/uploads.js";
import { mostlyValid, mutated, nastyValue, toJsonSchema, UNICODE_EDGES, validArbitrary, type Pools } from "./fuzzArbitraries.js";
import { TINY_PNG } from "./routeFixture.js";
import type { RouteInput } from "./routeSchemas.js";

/** One generated request, ready for `app.inject` once the caller's key is added. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Path values that are not ids, not UTF-8, or not even one segment; already percent-encoded. */
const BAD_PATH_VALUES = [
  "0",
  "-1",
  "9007199254740993",
  "1e308",
  "NaN",
  "1.5",
  "%00",
  "%ED%A0%80", // a lone surrogate, as UTF-8 would spell it: not valid UTF-8
  "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9",
  "%E2%80%AE1",
  "..%2F..%2Fetc%2Fpasswd",
  "%zz",
  "%",
  "x".repeat(5_000),
  ",,,",
];

const WRONG_CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "text/markdown",
  "vocechat/archive",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "image/png",
  "application/octet-stream",
  "",
];


function encodePart(value: unknown): string {
  try {
    return encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value) ?? "");
  } catch {
    return "%ED%A0%80"; // a lone surrogate cannot be percent-encoded
  }
}

function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([a-z_]+)/g, (_m, name: string) => values[name] ?? "1").replace("*", values["*"] ?? "1");
}

function queryString(query: unknown): string {
  if (!query || typeof query !== "object" || Array.isArray(query)) return query === undefined ? "" : `?${encodePart(query)}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encodePart(key)}=${encodePart(v)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function paramsArbitrary(input: RouteInput, pools: Pools): fc.Arbitrary<Record<string, string>> {
  if (!input.params) return fc.constant({});
  const valid = validArbitrary(toJsonSchema(input.params), pools) as fc.Arbitrary<Record<string, unknown>>;
  const encoded = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "*" ? String(x) : encodePart(x)]));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(encoded) },
    { weight: 1, arbitrary: (mutated(valid) as fc.Arbitrary<Record<string, unknown>>).map((v) => encoded(v && typeof v === "object" ? v : {})) },
    { weight: 1, arbitrary: valid.chain((v) => fc.constantFrom(...Object.keys(v)).chain((k) => fc.constantFrom(...BAD_PATH_VALUES).map((bad) => ({ ...encoded(v), [k]: bad })))) },
  );
}

interface Body {
  contentType: string | null;
  payload?: string | Buffer;
}

function bodyArbitrary(method: string, input: RouteInput, pools: Pools): fc.Arbitrary<Body> {
  const types = input.contentTypes ?? ["application/json"];
  const contentType = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...types) }, { weight: 1, arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES) });
  if (input.raw === "png") {
    const picture = fc.oneof({ weight: 3, arbitrary: fc.constant(TINY_PNG) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)) });
    return fc.record({ contentType, payload: picture });
  }
  if (input.raw === "multipart") {
    const fileId = fc.oneof(fc.constantFrom(...pools.strings("file_id"), "no-such-upload"), fc.constantFrom(...UNICODE_EDGES));
    const valid = fc.tuple(fileId, fc.uint8Array({ maxLength: 64 }), fc.boolean()).map(([id, chunk, last]) => {
      const { payload, headers } = multipart([
        ["file_id", id],
        ["chunk_data", Buffer.from(chunk)],
        ["chunk_is_last", String(last)],
      ]);
      return { contentType: headers["content-type"], payload };
    });
    const garbage = fc.record({ contentType, payload: fc.uint8Array({ maxLength: 128 }).map((b) => Buffer.from(b)) });
    return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: garbage });
  }
  if (!input.body) {
    // No body expected; sometimes send one anyway (GET bodies are not sent: inject refuses them).
    if (method === "GET") return fc.constant({ contentType: null });
    return fc.oneof({ weight: 4, arbitrary: fc.constant({ contentType: null }) }, { weight: 1, arbitrary: fc.record({ contentType, payload: nastyValue.map((v) => JSON.stringify(v) ?? "") }) });
  }
  const value = mostlyValid(validArbitrary(toJsonSchema(input.body), pools));
  const isJson = (type: string) => type.startsWith("application/json");
  return fc.tuple(contentType, value).map(([type, v]) => {
    const text = isJson(type) || typeof v !== "string" ? JSON.stringify(v) : v;
    return { contentType: type, payload: text };
  });
}

/** `X-Properties` of a send: valid base64 JSON, or junk. */
const xProperties = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v)).toString("base64")),
  fc.constantFrom("!!!", "e30=", Buffer.from('{"mentions":[1,2,3]}').toString("base64"), "x".repeat(8_000)),
);

/** Requests for one route, from what it declares (`inputOf`): mostly valid-shaped, each part sometimes wrong. */
export function requestArbitrary(route: { method: string; url: string }, input: RouteInput, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const query = input.query ? mostlyValid(validArbitrary(toJsonSchema(input.query), pools)) : fc.constant(undefined);
  const secret = pools.strings("x-secret");
  return fc
    .record({
      params: paramsArbitrary(input, pools),
      query,
      body: bodyArbitrary(route.method, input, pools),
      properties: fc.option(xProperties, { freq: 3 }),
      secret: secret.length ? fc.option(fc.constantFrom(...secret), { freq: 4 }) : fc.constant(null),
    })
    .map(({ params, query, body, properties, secret }) => {
      const headers: Record<string, string> = {};
      if (body.contentType !== null) headers["content-type"] = body.contentType;
      if (properties !== null) headers["x-properties"] = properties;
      if (secret !== null) headers["x-secret"] = secret;
      return { method: route.method, url: fillPath(route.url, params) + queryString(query), headers, payload: body.payload };
    });
}
