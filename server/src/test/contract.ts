import fs from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";

/**
 * Validates response bodies against the component schemas of VoceChat's 0.3 OpenAPI document
 * (`protocol/openapi/vocechat-0.3.json`). VoceChat serializes optional fields as explicit `null`
 * (docs/API.md "Conventions") while the document types them as plain values, so every property
 * that is not `required` is made nullable here; required ones stay strict.
 */
const SPEC_PATH = path.resolve(import.meta.dirname, "../../../protocol/openapi/vocechat-0.3.json");

type Schema = Record<string, unknown>;

function nullableOptionals(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableOptionals);
  if (!node || typeof node !== "object") return node;
  const obj = { ...(node as Schema) };
  // OpenAPI-only keywords Ajv does not know.
  for (const k of ["discriminator", "readOnly", "writeOnly", "example", "xml", "externalDocs", "deprecated"]) delete obj[k];
  if (typeof obj.$ref === "string") obj.$ref = obj.$ref.replace("#/components/schemas/", "#/definitions/");
  if (obj.properties && typeof obj.properties === "object") {
    const required = new Set((obj.required as string[] | undefined) ?? []);
    const props: Schema = {};
    for (const [name, sub] of Object.entries(obj.properties as Schema)) {
      const converted = nullableOptionals(sub);
      props[name] = required.has(name) ? converted : { anyOf: [converted, { type: "null" }] };
    }
    obj.properties = props;
  }
  for (const k of ["items", "additionalProperties", "allOf", "anyOf", "oneOf", "not"]) {
    if (obj[k] !== undefined && typeof obj[k] === "object") obj[k] = nullableOptionals(obj[k]);
  }
  return obj;
}

let ajv: Ajv | null = null;
const cache = new Map<string, ValidateFunction>();

function compiler(): Ajv {
  if (ajv) return ajv;
  const spec = JSON.parse(fs.readFileSync(SPEC_PATH, "utf8")) as { components: { schemas: Schema } };
  const definitions = Object.fromEntries(
    Object.entries(spec.components.schemas).map(([name, schema]) => [name, nullableOptionals(schema)]),
  );
  ajv = new Ajv({ strict: false, allErrors: true, formats: { int64: true, int32: true, timestamp: true, language: true, email: true, uri: true } });
  ajv.addSchema({ $id: "vocechat", definitions });
  return ajv;
}

/** Throws with the validation errors unless `value` matches the named component schema. */
export function assertMatches(component: string, value: unknown): void {
  let validate = cache.get(component);
  if (!validate) {
    const found = compiler().getSchema(`vocechat#/definitions/${component}`);
    if (!found) throw new Error(`no schema ${component} in the contract`);
    validate = found;
    cache.set(component, validate);
  }
  if (!validate(value)) {
    throw new Error(`${component} mismatch: ${JSON.stringify(validate.errors, null, 1)}\nvalue: ${JSON.stringify(value)}`);
  }
}
