import { useEffect, useState } from "react";
import { LOADING_AUTO_RELOAD_MS, LOADING_RELOAD_AFTER_MS } from "@parley/protocol";
import i18n from "../i18n";
import { clearLocalData } from "../utils/storage";
import { RefreshIcon, Spinner } from "./EntryIcons";

/** Loading may show before the translations are in: fall back to English. */
const tr = (key: string, fallback: string) => (i18n.isInitialized ? i18n.t(key, { ns: "common", defaultValue: fallback }) : fallback);

interface Props {
  /** Show a Reload button after 30 s (it clears local data and reloads). */
  reload?: boolean;
  /** Reload the page on its own after 5 s. */
  autoReload?: boolean;
  fullscreen?: boolean;
}

function clearAndReload() {
  clearLocalData();
  window.location.reload();
}

/** The loading screen (docs/ARCHITECTURE.md "Client rules": timings). */
export default function Loading({ reload = false, autoReload = false, fullscreen = true }: Props) {
  const [showReload, setShowReload] = useState(false);
  useEffect(() => {
    if (!reload) return;
    const timer = setTimeout(() => setShowReload(true), LOADING_RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reload]);
  useEffect(() => {
    if (!autoReload) return;
    const timer = setTimeout(() => window.location.reload(), LOADING_AUTO_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [autoReload]);

  return (
    <div className={`flex flex-col items-center justify-center gap-4 text-zinc-400 dark:text-zinc-500 ${fullscreen ? "h-full min-h-screen" : "h-full"}`}>
      <Spinner size={28} label={tr("loading", "Loading")} className="text-primary-500" />
      {showReload && (
        <div className="flex flex-col items-center gap-3 text-center">
          <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">{tr("loading_slow", "This is taking longer than usual.")}</p>
          <button type="button" className="btn-secondary" onClick={clearAndReload}>
            <RefreshIcon size={16} />
            {tr("action.reload", "Reload")}
          </button>
        </div>
      )}
    </div>
  );
}
