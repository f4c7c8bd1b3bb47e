import { Component, type ReactNode } from "react";
import { LOADING_AUTO_RELOAD_MS } from "@parley/protocol";
import i18n from "../i18n";
import { RefreshIcon } from "./EntryIcons";

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk|ChunkLoadError/i;
const RELOADED = "parley:chunk-reload";

interface State {
  error: Error | null;
}

/**
 * Catches render errors below it. A lazy chunk that failed to load (a new version was deployed,
 * or the network dropped) gets VoceChat's chunk-load error and one automatic reload after 5 s.
 */
export default class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
    if (CHUNK_ERROR.test(error.message) && !sessionStorage.getItem(RELOADED)) {
      sessionStorage.setItem(RELOADED, "1");
      this.timer = setTimeout(() => window.location.reload(), LOADING_AUTO_RELOAD_MS);
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.timer);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = CHUNK_ERROR.test(error.message);
    const t = (key: string, fallback: string) => (i18n.isInitialized ? i18n.t(key, { ns: "common", defaultValue: fallback }) : fallback);
    return (
      <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-zinc-50 px-6 text-center dark:bg-zinc-950">
        <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {chunk ? t("tip.chunk_load", "A part of the app failed to load.") : t("tip.crashed", "Something went wrong.")}
        </h1>
        <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{t("tip.reload_hint", "Reload the page to try again.")}</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          <RefreshIcon size={16} />
          {t("action.reload", "Reload")}
        </button>
      </div>
    );
  }
}
