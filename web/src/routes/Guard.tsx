import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { KEY_TRY_PATH } from "../app/config";
import { useAppSelector } from "../app/hooks";
import Loading from "../components/Loading";
import { decideRoute } from "../utils/guard";
import { getLocal, removeLocal, setLocal } from "../utils/storage";

/** Applies the route guard (docs/ARCHITECTURE.md "Client rules") to the current path. */
export default function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const initialized = useAppSelector((s) => s.authData.initialized);
  const token = useAppSelector((s) => !!s.authData.token);
  const guest = useAppSelector((s) => s.authData.guest);
  const loginConfig = useAppSelector((s) => s.server.loginConfig);
  const loginConfigLoaded = useAppSelector((s) => s.server.loginConfigLoaded);
  const setupInProgress = useAppSelector((s) => s.ui.setupInProgress);
  const path = location.pathname + location.search;
  const decision = decideRoute({
    // While guest mode is unknown, show the loading (reload) screen.
    initialized: loginConfigLoaded ? initialized : undefined,
    token,
    guest,
    path,
    tryPath: getLocal(KEY_TRY_PATH),
    guestMode: loginConfig?.guest ?? false,
    setupInProgress,
  });
  const remember = decision.kind === "redirect" ? decision.remember : undefined;
  const clearTryPath = decision.kind === "allow" && !!decision.clearTryPath;

  useEffect(() => {
    if (remember) setLocal(KEY_TRY_PATH, remember);
    if (clearTryPath) removeLocal(KEY_TRY_PATH);
  }, [remember, clearTryPath]);

  if (decision.kind === "loading") return <Loading reload />;
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
