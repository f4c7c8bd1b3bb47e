/**
 * The channel types' English words as the server serves them (`GET /user/notification/schemas`)
 * and as Parley's client shows them (it looks each up in its locale files by type and field
 * name, web/src/routes/setting/pages/notifications/schemaText.ts): the two must not drift apart.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG } from "./catalog.js";

interface SchemaTexts {
  none: string;
  types: Record<string, { name: string; description: string }>;
  fields: Record<string, string>;
  hints: Record<string, string | Record<string, string>>;
}
const LOCALE = path.join(import.meta.dirname, "../../../../web/public/locales/en/setting.json");
const english = (JSON.parse(fs.readFileSync(LOCALE, "utf8")) as { notify: { schema: SchemaTexts } }).notify.schema;
const PLACEHOLDERS = "{{title}}, {{body}}, {{url}}, {{sender}}, {{conversation}}";

describe("channel catalog against the client's English", () => {
  it.each(CATALOG.map((entry) => [entry.type, entry] as const))("%s", (type, entry) => {
    expect(english.types[type]).toEqual({ name: entry.name, description: entry.description });
    for (const field of entry.fields) {
      expect(english.fields[field.name], field.name).toBe(field.label);
      for (const option of field.options ?? []) if (option.value === "") expect(option.label).toBe(english.none);
      if (!field.description) continue;
      const own = english.hints[type];
      const hint = (typeof own === "object" ? own[field.name] : undefined) ?? (english.hints[field.name] as string | undefined);
      expect(hint?.replace("{{placeholders}}", PLACEHOLDERS), field.name).toBe(field.description);
    }
  });
});
