#!/usr/bin/env node
/**
 * Writes a language's locale files in the shape of English's: walks every namespace file of
 * `en` key by key, and takes each key's text from the translations given (`--from file.json`,
 * `{ "<ns>": { ...the same nesting as en... } }`, later files winning) or else from the
 * language's file as it is. Keys English lacks are dropped, plural keys get the suffixes the
 * language needs (Russian's _few and _many too, from Intl.PluralRules), and whatever is still
 * untranslated, or lost an en {{placeholder}}, is listed (exit code 1) rather than filled with
 * English, so web/src/i18n.completeness.test.ts fails until it is translated.
 *
 *   node web/scripts/syncLocales.mjs <lng> [--from translations.json ...]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), "../public/locales");
// VoceChat's language codes that are not BCP-47 ("jp"), for Intl.PluralRules.
const TAGS = { jp: "ja", zh: "zh-CN" };
const PLURAL = /_(zero|one|two|few|many|other)$/;

const [lng, ...rest] = process.argv.slice(2);
if (!lng || lng === "en") {
  console.error("usage: syncLocales.mjs <lng other than en> [--from translations.json ...]");
  process.exit(2);
}
const sources = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--from") sources.push(JSON.parse(fs.readFileSync(rest[++i], "utf8")));
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {});
const at = (tree, keys) => keys.reduce((node, k) => (node && typeof node === "object" ? node[k] : undefined), tree);
const placeholders = (text) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

// en's suffixes (one, other) stay, as the existing zh files keep them; the language adds its own.
const categories = new Intl.PluralRules(TAGS[lng] ?? lng).resolvedOptions().pluralCategories;
const problems = [];

// Intl's "many" of French, Spanish and Portuguese is for millions ("1 000 000 de messages"): the
// _other text reads right there. Russian's "many" (5 сообщений) is a form of its own.
const MANY_IS_OTHER = new Set(["fr", "es", "pt"]);

/** The keys to write for an en key: itself, and after en's last plural form the language's others. */
function keysFor(key, siblings) {
  const match = PLURAL.exec(key);
  if (!match) return [key];
  const base = key.slice(0, -match[0].length);
  const forms = siblings.filter((k) => PLURAL.test(k) && k.replace(PLURAL, "") === base);
  if (forms[forms.length - 1] !== key) return [key];
  return [key, ...categories.filter((cat) => !forms.includes(`${base}_${cat}`)).map((cat) => `${base}_${cat}`)];
}

function walk(enNode, ns, keys, lookup) {
  const out = {};
  const siblings = Object.keys(enNode);
  for (const [key, enValue] of Object.entries(enNode)) {
    if (typeof enValue === "object") {
      out[key] = walk(enValue, ns, [...keys, key], lookup);
      continue;
    }
    for (const k of keysFor(key, siblings)) {
      const other = k.replace(PLURAL, "_other");
      // an extra form is checked against en's _other
      const enText = k === key ? enValue : enNode[other] ?? enValue;
      let value = lookup([...keys, k]);
      if (value === undefined && k.endsWith("_many") && MANY_IS_OTHER.has(lng)) value = lookup([...keys, other]);
      const where = `${ns}:${[...keys, k].join(".")}`;
      if (typeof value !== "string" || value.trim() === "") {
        problems.push(`missing   ${where}  (en: ${JSON.stringify(enText)})`);
        continue;
      }
      const lost = placeholders(enText).filter((p) => !placeholders(value).includes(p));
      if (lost.length) problems.push(`{{${lost.join("}}, {{")}}} lost in ${where}: ${JSON.stringify(value)}`);
      out[k] = value;
    }
  }
  return out;
}

for (const file of fs.readdirSync(path.join(LOCALES, "en")).filter((f) => f.endsWith(".json")).sort()) {
  const ns = file.replace(/\.json$/, "");
  const target = path.join(LOCALES, lng, file);
  const current = readJson(target);
  const lookup = (keys) => {
    for (const source of [...sources].reverse()) {
      const v = at(source[ns], keys);
      if (typeof v === "string") return v;
    }
    const v = at(current, keys);
    return typeof v === "string" ? v : undefined;
  };
  const out = walk(readJson(path.join(LOCALES, "en", file)), ns, [], lookup);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, JSON.stringify(out, null, 2) + "\n");
}

if (problems.length) {
  console.error(`${lng}: ${problems.length} to translate\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`${lng}: complete`);
