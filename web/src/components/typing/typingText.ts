/** The typing line: one name, two names, or "Several people" from three on. */
// i18n-ns: chat (the caller passes its chat `t`)
export function typingText(names: string[], t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!names.length) return "";
  if (names.length === 1) return t("composer.typing.one", { name: names[0] });
  if (names.length === 2) return t("composer.typing.two", { first: names[0], second: names[1] });
  return t("composer.typing.several");
}
