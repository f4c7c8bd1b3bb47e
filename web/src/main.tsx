import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import "./index.css";
import { startBootRequests } from "./app/boot";
import { KEY_GOOGLE_ID_TOKEN, KEY_MAGIC_TOKEN, KEY_TOKEN } from "./app/config";
import { store } from "./app/store";
import Loading from "./components/Loading";
import { initI18n } from "./i18n";
import { captureInstallPrompt } from "./pwa";
import AppRouter, { preloadSession } from "./routes";
import { callbackRoute } from "./routes/callback/landing";
import { nextTask } from "./utils/nextTask";
import { getLocal, setLocal } from "./utils/storage";
import { applyTheme, watchSystemTheme } from "./utils/theme";

// Dark mode at startup (theme.js already did it before the first paint; this keeps it in sync).
applyTheme();
watchSystemTheme();
captureInstallPrompt();

// Invite links look like `/?magic_token=…#/register`: keep the token for the register and OAuth pages.
const magicToken = new URLSearchParams(window.location.search).get("magic_token");
if (magicToken && window.location.hash.startsWith("#/register")) setLocal(KEY_MAGIC_TOKEN, magicToken);

// Providers send the browser back to the real path `/cb/{type}/{action}` with `?code=…` (GitHub,
// OIDC) or `#id_token=…` (Google in the widget's popup): hand it to the hash route of the same
// name, the fragment's answer in its query.
const callback = callbackRoute(window.location.pathname, window.location.search, window.location.hash);
if (callback) {
  window.history.replaceState(null, "", callback);
} else if (/^#(?:.*&)?id_token=/.test(window.location.hash)) {
  // Google's sign-in of this client answers at `/` with `#id_token=…` (no route): keep the token for the login page.
  const idToken = new URLSearchParams(window.location.hash.slice(1)).get("id_token");
  if (idToken) sessionStorage.setItem(KEY_GOOGLE_ID_TOKEN, idToken);
  window.history.replaceState(null, "", `${window.location.pathname}#/login`);
}

// One wave of requests: the boot calls, the translations and, for a stored session, the chunks
// and namespaces of the screen it opens (see preloadSession), all in parallel with each other.
// The wave starts over a few tasks after the one that evaluated the entry (React, the router, the
// store): the boot calls, the translations and each chunk's preload in a task of their own
// (docs/PERFORMANCE.md "Client long tasks").
void nextTask().then(() => startBootRequests(store.dispatch));
const path = window.location.hash.replace(/^#/, "").split("?")[0] || "/";
const session = getLocal(KEY_TOKEN) ? preloadSession(path) : undefined;
const ready = nextTask().then(() => Promise.allSettled([initI18n(session?.namespaces), session?.loaded]));

// The loading screen as plain content until the translations (and the session's chunks) are in,
// then the app. Rendering the app at once would suspend it behind a Suspense fallback, and React
// holds content back for 300 ms after a fallback was shown.
const root = createRoot(document.getElementById("root")!);
root.render(<Loading reload />);
void ready.then(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <Suspense fallback={<Loading reload />}>
          <AppRouter />
        </Suspense>
      </Provider>
    </StrictMode>,
  ),
);
