// i18n-ns: chat (the caller passes its chat `t`)
type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * "5 minutes", "1 hour", "1 day", "1 week" (the option lists of docs/ARCHITECTURE.md "Client
 * rules"), pluralized by i18next.
 */
export function durationLabel(seconds: number, t: T): string {
  if (seconds >= 604_800 && seconds % 604_800 === 0) return t("duration.weeks", { count: seconds / 604_800 });
  if (seconds >= 86_400 && seconds % 86_400 === 0) return t("duration.days", { count: seconds / 86_400 });
  if (seconds >= 3_600 && seconds % 3_600 === 0) return t("duration.hours", { count: seconds / 3_600 });
  return t("duration.minutes", { count: Math.max(1, Math.round(seconds / 60)) });
}
