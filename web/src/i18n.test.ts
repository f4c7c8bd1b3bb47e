/**
 * English and simplified Chinese are complete: both have the same keys in every namespace, and
 * every literal key the code asks for exists in English (in its namespace, or in `common`, the
 * fallback namespace).
 */
import { I18N_NAMESPACES } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { ERROR_TEXT } from "./app/services/errors";
import { detectLanguage, normalizeLanguage } from "./i18n";
import { languageTag } from "./utils/languageTag";

type Tree = { [key: string]: string | Tree };

const LOCALES = import.meta.glob<Tree>("../public/locales/*/*.json", { eager: true, import: "default" });
const SOURCES = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}", "!./test/**"], { eager: true, query: "?raw", import: "default" });

function flatten(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}
const load = (lng: string, ns: string) => LOCALES[`../public/locales/${lng}/${ns}.json`] ?? {};
const keysOf = (lng: string, ns: string) => new Set(flatten(load(lng, ns)).map((k) => k.replace(/_(one|other)$/, "")));


describe("translations", () => {
  it.each(I18N_NAMESPACES)("%s has the same keys in en and zh", (ns) => {
    expect([...keysOf("zh", ns)].sort()).toEqual([...keysOf("en", ns)].sort());
  });

  it("has every key the code uses", () => {
    const missing: string[] = [];
    const has = (ns: string, key: string) => keysOf("en", ns).has(key) || keysOf("en", "common").has(key);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    for (const [file, text] of Object.entries(SOURCES)) {
      const ns = (/useTranslation\(\[?"(\w+)"/.exec(text) ?? /const t = .*ns:\s*"(\w+)"/.exec(text) ?? /\/\/ i18n-ns: (\w+)/.exec(text))?.[1] ?? "common";
      for (const m of text.matchAll(/\bt\("([\w.]+)"(?:,\s*\{[^}]*?ns:\s*"(\w+)")?/g)) {
        if (!has(m[2] ?? ns, m[1])) missing.push(`${file}: ${m[2] ?? ns}:${m[1]}`);
      }
    }
    for (const key of Object.values(ERROR_TEXT)) {
      const [ns, k] = key.split(":");
      if (!keysOf("en", ns).has(k)) missing.push(`ERROR_TEXT ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it("picks the language from the stored setting, then the browser", () => {
    const table: [string, string | undefined][] = [
      ["zh-CN", "zh"],
      ["en-GB", "en"],
      ["zh-Hans", "zh"],
      ["ja", "jp"],
      ["ja-JP", "jp"],
      ["jp", "jp"],
      ["pt-BR", "pt"],
      ["fr-CA", "fr"],
      ["ru_RU", "ru"],
      ["it", undefined],
    ];
    for (const [stored, language] of table) expect(normalizeLanguage(stored), stored).toBe(language);
    // A stored value with script injection is rejected.
    expect(normalizeLanguage('en"><script>alert(1)</script>')).toBeUndefined();
    localStorage.setItem("i18nextLng", "zh");
    expect(detectLanguage()).toBe("zh");
    localStorage.setItem("i18nextLng", "<img src=x onerror=alert(1)>");
    expect(["en", "zh"]).toContain(detectLanguage());
    localStorage.removeItem("i18nextLng");
  });

  it("tags <html lang> and Intl with BCP-47, not VoceChat's codes", () => {
    expect(languageTag("jp")).toBe("ja");
    expect(languageTag("zh")).toBe("zh-CN");
    expect(languageTag("de")).toBe("de");
  });
});
