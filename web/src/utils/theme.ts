import { THEMES } from "@parley/protocol";
import { KEY_THEME } from "../app/config";
import { getLocal, setLocal } from "./storage";

export type Theme = (typeof THEMES)[number];

/** The window event `setTheme` dispatches, so every theme picker on screen follows (`hooks/useTheme.ts`). */
export const THEME_EVENT = "parley:theme";

export function getTheme(): Theme {
  const t = getLocal(KEY_THEME);
  return (THEMES as readonly string[]).includes(t ?? "") ? (t as Theme) : "auto";
}

export function isDark(theme: Theme): boolean {
  if (theme === "dark") return true;
  if (theme === "light") return false;
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches;
}

/** Apply the theme: class `dark` on <html> (applied at startup). */
export function applyTheme(theme: Theme = getTheme()) {
  document.documentElement.classList.toggle("dark", isDark(theme));
}

export function setTheme(theme: Theme) {
  setLocal(KEY_THEME, theme);
  applyTheme(theme);
  window.dispatchEvent(new Event(THEME_EVENT));
}

/** Follow the OS preference while the theme is auto. */
export function watchSystemTheme(): () => void {
  const mq = window.matchMedia?.("(prefers-color-scheme: dark)");
  if (!mq) return () => {};
  const onChange = () => {
    if (getTheme() === "auto") applyTheme("auto");
  };
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}
