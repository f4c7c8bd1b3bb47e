/**
 * The English translations for tests, loaded synchronously from public/locales (no http backend),
 * shared by both render helpers.
 */
import type { i18n as I18n, ThirdPartyModule } from "i18next";

const EN = import.meta.glob<Record<string, unknown>>("../../public/locales/en/*.json", { eager: true, import: "default" });

const resources = { en: Object.fromEntries(Object.entries(EN).map(([file, json]) => [file.replace(/^.*\/(\w+)\.json$/, "$1"), json])) };

/** Initialise `instance` in English; `reactPlugin` is react-i18next's, from the caller's module graph. */
export function initEnglish(instance: I18n, reactPlugin: ThirdPartyModule) {
  return instance.use(reactPlugin).init({
    lng: "en",
    fallbackLng: "en",
    resources,
    ns: Object.keys(resources.en),
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // The resources are inline: ready when init returns, so a test can render at once.
    initAsync: false,
    showSupportNotice: false,
  });
}
