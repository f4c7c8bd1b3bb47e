import { useSyncExternalStore } from "react";
import { getTheme, THEME_EVENT, type Theme } from "../utils/theme";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_EVENT, onChange);
  return () => window.removeEventListener(THEME_EVENT, onChange);
}

/** The stored theme, following a change made anywhere (`setTheme`: the login page's switch, the account menu, My Account). */
export default function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme);
}
