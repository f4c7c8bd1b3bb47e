import { useTranslation } from "react-i18next";
import { changeLanguage, SUPPORTED_LANGUAGES, type Language } from "../i18n";
import { LanguageIcon } from "./EntryIcons";

/** Each language is named in itself. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  zh: "简体中文",
  jp: "日本語",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  pt: "Português",
  ru: "Русский",
  tr: "Türkçe",
};

/** A compact language picker (a native select: keyboard and screen-reader friendly, and tiny). */
export default function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "en";
  return (
    <label
      className={`relative inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-200 bg-white/80 pr-2 pl-2 text-xs text-zinc-600 focus-within:ring-3 focus-within:ring-primary-500/30 dark:border-zinc-700 dark:bg-zinc-900/80 dark:text-zinc-300 ${className}`}
    >
      <LanguageIcon size={15} />
      <span className="sr-only">{t("language.label")}</span>
      <select
        value={current}
        onChange={(e) => void changeLanguage(e.target.value as Language)}
        className="cursor-pointer appearance-none bg-transparent pr-1 outline-none"
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </label>
  );
}
