import { useEffect, useState } from "react";
import { LOADING_AUTO_RELOAD_MS, LOADING_RELOAD_AFTER_MS } from "@parley/protocol";
import i18n from "../i18n";
import { Spinner } from "./Icons";

/** Loading may show before the translations are in: fall back to English. */
const tr = (key: string, fallback: string) => (i18n.isInitialized ? i18n.t(key, { defaultValue: fallback }) : fallback);

interface Props {
  /** Show a Reload button after 30 s (it clears local data and reloads). */
  reload?: boolean;
  /** Reload on its own 5 s after the button shows. */
  autoReload?: boolean;
  fullscreen?: boolean;
}

function clearAndReload() {
  try {
    localStorage.clear();
  } catch {
    // ignore
  }
  window.location.reload();
}

/** The loading screen (spec §2). */
export default function Loading({ reload = false, autoReload = false, fullscreen = true }: Props) {
  const [showReload, setShowReload] = useState(false);
  useEffect(() => {
    if (!reload) return;
    const timer = setTimeout(() => setShowReload(true), LOADING_RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reload]);
  useEffect(() => {
    if (!showReload || !autoReload) return;
    const timer = setTimeout(clearAndReload, LOADING_AUTO_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [showReload, autoReload]);

  return (
    <div
      className={`flex flex-col items-center justify-center gap-4 text-zinc-400 dark:text-zinc-500 ${fullscreen ? "h-full min-h-screen" : "h-full"}`}
    >
      <Spinner size={28} label={tr("loading", "Loading")} className="text-primary-500" />
      {showReload && (
        <button type="button" className="btn-secondary" onClick={clearAndReload}>
          {tr("action.reload", "Reload")}
        </button>
      )}
    </div>
  );
}
