import fc from "fast-check";
import * as z from "zod";

/**
 * fast-check arbitraries from a route's own zod schema. zod 4 describes a schema as JSON Schema
 * (`z.toJSONSchema`, the input side of transforms and pipes); this module turns that JSON Schema
 * into values of the right shape (so requests get past the validator into the commands) and
 * mutates them into the wrong ones (types, extremes, unicode, missing and extra fields).
 */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * Values of the fixture that a valid-shaped request should name now and then (a real gid, the
 * path of a real file): a random id almost never exists, and a request for a missing thing
 * stops at the first lookup. Keyed by the field's name (`uid`, `gid`, `file_path` …).
 */
export interface Pools {
  ids(field: string): number[];
  strings(field: string): string[];
}

/** Generated strings stay short; huge ones come from the mutations. */
const MAX_GENERATED = 40;
/** Generated arrays stay short too. */
const MAX_ITEMS = 4;

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

const withPool = <T>(pool: T[], arb: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  pool.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: arb }) : arb;

const isIdPattern = (pattern: string | undefined) => pattern === "^[1-9][0-9]{0,15}$";

function stringArbitrary(s: JsonSchema, pools: Pools, field: string): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_GENERATED, MAX_GENERATED));
  let arb: fc.Arbitrary<string>;
  if (isIdPattern(s.pattern)) arb = withPool(pools.ids(field).map(String), fc.stringMatching(new RegExp(s.pattern as string)));
  else if (s.pattern) arb = fc.stringMatching(new RegExp(s.pattern));
  else if (s.format === "email") arb = fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
  else if (s.format === "uri") arb = fc.webUrl();
  else arb = fc.string({ minLength, maxLength, unit: fc.oneof(fc.constantFrom(..."abcXYZ019 -_"), fc.constantFrom(...UNICODE_EDGES)) });
  return withPool(pools.strings(field), arb);
}

function integerArbitrary(s: JsonSchema, pools: Pools, field: string): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? Number.MIN_SAFE_INTEGER);
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? Number.MAX_SAFE_INTEGER);
  // Small values mostly, and the whole allowed range too (drawn, not filtered: a filter over all
  // safe integers almost never lands in a narrow range such as 2..16 and spun for minutes).
  const arb = fc.oneof(fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }), fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }));
  return min >= 1 ? withPool(pools.ids(field), arb) : arb;
}

/** Values that satisfy the JSON Schema (as far as it says: zod refinements are not in it). */
export function validArbitrary(s: JsonSchema, pools: Pools, field = ""): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((alt) => validArbitrary(alt, pools, field)));
  if (s.allOf?.length) return validArbitrary(s.allOf[0], pools, field);
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integerArbitrary(s, pools, field);
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case "string":
      return stringArbitrary(s, pools, field);
    case "array":
      return fc.array(validArbitrary(s.items ?? {}, pools, field), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case "object": {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validArbitrary(v, pools, k)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings that have broken text handling elsewhere: lone surrogates, NUL, bidi controls, ZWJ sequences, combining marks. */
export const UNICODE_EDGES = [
  "\uD800",
  "\uDFFF",
  "a\uD83D",
  "\u0000",
  "nul\u0000byte",
  "\u202Eevil\u202C",
  "\u200F\u200E",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "e\u0301\u0302\u0303\u0304",
  "\uFEFF",
  "\uFFFF",
  "\u{10FFFF}",
  "Ｆｕｌｌ",
  "İı",
  "\r\n",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "../../etc/passwd",
];

/** Deeply nested JSON (arrays and objects), past what any schema expects. */
const deeplyNested = fc.integer({ min: 50, max: 3_000 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

/** A wrong or extreme value for any field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 53), 2 ** 64, 1e308, -1e308, 5e-324, 1.5, -0),
  fc.constantFrom("NaN", "Infinity", "-Infinity", "-0", "1e3", "0x10", " 7", "", "null", "undefined", "true", "[]", "{}"),
  fc.constantFrom(true, false, null, [], {}, [null], { "": null }, JSON.parse('{"__proto__":{"is_admin":true}}') as unknown, { constructor: { prototype: 1 } }),
  fc.constantFrom(...UNICODE_EDGES),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(10_000, 200_000).map((n) => "x".repeat(n)),
  deeplyNested,
  fc.jsonValue({ maxDepth: 3 }),
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (prefix.length > 4) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

function edit(value: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]);
  return copy;
}

/**
 * A valid value with one thing wrong: a field (or the whole value) replaced by a nasty value, a
 * field removed, or unexpected fields added.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...pathsOf(value)), nastyValue).map(([path, bad]) => (path.length ? edit(value, path, (p, k) => (p[k] = bad)) : bad)) },
      { weight: 1, arbitrary: fc.constantFrom(...pathsOf(value)).map((path) => edit(value, path, (p, k) => (Array.isArray(p) ? p.splice(Number(k), 1) : delete p[k]))) },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(fc.constantFrom("extra", "__proto__", "constructor", "uid", "gid", "is_admin", "\u0000"), nastyValue, { minKeys: 1, maxKeys: 3 })
          .map((extra) => (value && typeof value === "object" && !Array.isArray(value) ? { ...value, ...extra } : [value, extra])),
      },
    ),
  );
}

/** A value that is valid three times out of four and mutated otherwise. */
export const mostlyValid = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: mutated(valid) });
