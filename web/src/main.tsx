import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import "./index.css";
import "./i18n";
import { KEY_MAGIC_TOKEN } from "./app/config";
import { store } from "./app/store";
import Loading from "./components/Loading";
import AppRouter from "./routes";
import { setLocal } from "./utils/storage";
import { applyTheme, watchSystemTheme } from "./utils/theme";

applyTheme();
watchSystemTheme();

// Invite links look like `/?magic_token=…#/register`: keep the token for the register page.
const magicToken = new URLSearchParams(window.location.search).get("magic_token");
if (magicToken) setLocal(KEY_MAGIC_TOKEN, magicToken);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Provider store={store}>
      <Suspense fallback={<Loading reload />}>
        <AppRouter />
      </Suspense>
    </Provider>
  </StrictMode>,
);
