/**
 * i18next with an http backend (`i18nBackend.ts`): `/locales/{lng}/{ns}.json?v={client version}`,
 * up to 5 retries starting at 350 ms, English fallback. The language comes from the
 * stored setting, then the browser (a few lines instead of a detector plugin: this is on the
 * login page).
 */
import { I18N_NAMESPACES } from "@parley/protocol";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { KEY_LANGUAGE, VERSION } from "./app/config";
import HttpBackend from "./i18nBackend";
import { languageTag } from "./utils/languageTag";
import { getLocal, setLocal } from "./utils/storage";

/**
 * Languages with files under /locales, VoceChat's client's nine with its codes (Japanese is
 * "jp", not ISO's "ja", so a language stored by VoceChat's client keeps working); others fall
 * back to English.
 */
export const SUPPORTED_LANGUAGES = ["en", "zh", "jp", "de", "es", "fr", "pt", "ru", "tr"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Browser codes whose base is not ours: ja → jp. */
const ALIASES: Readonly<Record<string, Language>> = { ja: "jp" };

/**
 * BCP-47-ish codes only: anything else (e.g. script injection through the stored value) is
 * rejected.
 */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,3}$/i;

/**
 * A supported language for a code (`zh-CN`, `zh-Hans` → zh, `en-GB` → en, `ja-JP` → jp,
 * `pt-BR` → pt), or undefined. Every Chinese is zh: simplified reads better than English to
 * a reader of traditional Chinese.
 */
export function normalizeLanguage(code: string | null | undefined): Language | undefined {
  if (!code || !LANGUAGE_CODE.test(code)) return undefined;
  const base = code.toLowerCase().split(/[-_]/)[0];
  const lng = ALIASES[base] ?? base;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : undefined;
}

/** The stored setting first, then the browser's languages, then English. */
export function detectLanguage(): Language {
  const candidates = [getLocal(KEY_LANGUAGE), ...(typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]))];
  for (const c of candidates) {
    const lng = normalizeLanguage(c);
    if (lng) return lng;
  }
  return "en";
}

const setHtmlLang = (lng: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = languageTag(lng);
};

/** `extraNamespaces` load with the first ones (a stored session's screens need "chat" at once). */
export function initI18n(extraNamespaces: readonly string[] = []) {
  const lng = detectLanguage();
  setHtmlLang(lng);
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      ns: ["common", "auth", ...extraNamespaces],
      defaultNS: "common",
      fallbackNS: "common",
      fallbackLng: "en",
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: "languageOnly",
      interpolation: { escapeValue: false },
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${VERSION}` },
      // up to 5 retries starting at 350 ms
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: true },
      // Ask for the files now, not a task later: they are on the way to the first render.
      initAsync: false,
      showSupportNotice: false,
    });
}

/** Switch and store the language (the stored setting wins over the browser's next time). */
export function changeLanguage(lng: Language) {
  setLocal(KEY_LANGUAGE, lng);
  setHtmlLang(lng);
  return i18n.changeLanguage(lng);
}

export const NAMESPACES = I18N_NAMESPACES;
export default i18n;
