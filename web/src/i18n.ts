import { I18N_NAMESPACES } from "@parley/protocol";
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { VERSION } from "./app/config";

/** Languages that have files under /locales; others fall back to English. */
export const SUPPORTED_LANGUAGES = ["en"];

if (typeof window !== "undefined") {
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ns: ["common", "auth"],
      defaultNS: "common",
      fallbackNS: "common",
      fallbackLng: "en",
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      interpolation: { escapeValue: false },
      detection: {
        order: ["localStorage", "navigator"],
        lookupLocalStorage: "i18nextLng",
        caches: ["localStorage"],
      },
      backend: {
        loadPath: `/locales/{{lng}}/{{ns}}.json?v=${VERSION}`,
      },
      // spec §9: up to 5 retries starting at 350 ms
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: true },
      showSupportNotice: false,
    });
}

export const NAMESPACES = I18N_NAMESPACES;
export default i18n;
