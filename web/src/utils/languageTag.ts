/**
 * The BCP-47 tag of a UI language, for `<html lang>` and Intl. Two of VoceChat's codes are not
 * one: "zh" is simplified Chinese (zh-CN), and "jp" is Japanese (ja), which Intl would otherwise
 * take for an unknown language and answer in English. A module of its own so the date utilities
 * need not load i18next.
 */
export function languageTag(language: string): string {
  const base = language.toLowerCase().split(/[-_]/)[0];
  if (base === "zh") return "zh-CN";
  if (base === "jp") return "ja";
  return language;
}
