/**
 * Every language is complete: each namespace file of each supported language has every key of
 * English, none English lacks, no empty text, and every {{placeholder}} of the English text (a
 * translation that drops {{name}} shows a sentence about nobody). Plural keys carry the forms the
 * language needs (Intl.PluralRules, as i18next picks them: Russian's _few and _many too).
 * `node web/scripts/syncLocales.mjs <lng>` lists what a language is missing.
 */
import { I18N_NAMESPACES } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "./i18n";
import { languageTag } from "./utils/languageTag";

type Tree = { [key: string]: string | Tree };

const LOCALES = import.meta.glob<Tree>("../public/locales/*/*.json", { eager: true, import: "default" });
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]));

/** The keys a language must have: English's, plus its own plural forms of each plural key. */
function expectedKeys(en: Map<string, string>, lng: string): Map<string, string> {
  const categories = new Intl.PluralRules(languageTag(lng)).resolvedOptions().pluralCategories;
  const out = new Map(en);
  for (const key of en.keys()) {
    if (!key.endsWith("_other")) continue;
    const base = key.slice(0, -"_other".length);
    // An extra form reads like English's _other (it has the same placeholders).
    for (const cat of categories) if (!out.has(`${base}_${cat}`)) out.set(`${base}_${cat}`, en.get(key) ?? "");
  }
  return out;
}

function problemsOf(lng: string, ns: string): string[] {
  const file = LOCALES[`../public/locales/${lng}/${ns}.json`];
  if (!file) return [`${lng}/${ns}.json is missing`];
  const en = leaves(LOCALES[`../public/locales/en/${ns}.json`]);
  const expected = expectedKeys(en, lng);
  const actual = leaves(file);
  const problems: string[] = [];
  for (const [key, enText] of expected) {
    const text = actual.get(key);
    if (text === undefined) problems.push(`${lng} ${ns}:${key} is missing (en: "${enText}")`);
    else if (text.trim() === "") problems.push(`${lng} ${ns}:${key} is empty`);
    else {
      const got = placeholders(text);
      for (const p of placeholders(enText)) if (!got.has(p)) problems.push(`${lng} ${ns}:${key} lost {{${p}}}: "${text}"`);
      // A misspelt placeholder is printed as it is; count is there for every plural form.
      const allowed = new Set([...placeholders(enText), ...(PLURAL.test(key) ? ["count"] : [])]);
      for (const p of got) if (!allowed.has(p)) problems.push(`${lng} ${ns}:${key} has {{${p}}}, which en does not: "${text}"`);
    }
  }
  for (const key of actual.keys()) if (!expected.has(key)) problems.push(`${lng} ${ns}:${key} is not in en`);
  return problems;
}

describe("every language is complete", () => {
  const languages = SUPPORTED_LANGUAGES.filter((lng) => lng !== "en");

  it("ships the nine languages of VoceChat's client, each with every namespace", () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual(["de", "en", "es", "fr", "jp", "pt", "ru", "tr", "zh"]);
    const files = Object.keys(LOCALES).map((path) => path.replace("../public/locales/", ""));
    for (const lng of SUPPORTED_LANGUAGES) for (const ns of I18N_NAMESPACES) expect(files).toContain(`${lng}/${ns}.json`);
  });

  it("has no empty English text", () => {
    const empty = I18N_NAMESPACES.flatMap((ns) => [...leaves(LOCALES[`../public/locales/en/${ns}.json`])].filter(([, v]) => !v.trim()).map(([k]) => `${ns}:${k}`));
    expect(empty).toEqual([]);
  });

  it.each(languages)("%s has every key of en, no other, none empty, with en's placeholders", (lng) => {
    expect(I18N_NAMESPACES.flatMap((ns) => problemsOf(lng, ns))).toEqual([]);
  });

  it("gives Russian its few and many plural forms", () => {
    const ru = leaves(LOCALES["../public/locales/ru/member.json"]);
    expect(ru.get("count_few")).toBe("{{count}} участника");
    expect(ru.get("count_many")).toBe("{{count}} участников");
  });

  it("finds what is wrong in a translation", () => {
    // The checker itself, on a language with a hole, an extra key and a misspelt placeholder.
    LOCALES["../public/locales/xx/widget.json"] = { title: "{{oops}}", extra: "x" };
    try {
      expect(problemsOf("xx", "widget")).toEqual([
        'xx widget:title has {{oops}}, which en does not: "{{oops}}"',
        'xx widget:desc is missing (en: "Embed a chat window for your website visitors.")',
        "xx widget:extra is not in en",
      ]);
    } finally {
      delete LOCALES["../public/locales/xx/widget.json"];
    }
  });
});

describe("audit log labels", () => {
  it("names every audit action the server records, in English (the others follow from completeness)", async () => {
    const { AUDIT_ACTIONS } = await import("@parley/protocol");
    const en = leaves(LOCALES["../public/locales/en/setting.json"]);
    expect(AUDIT_ACTIONS.filter((action) => !en.has(`audit.action.${action}`))).toEqual([]);
  });
});
