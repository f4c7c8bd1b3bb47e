import { useEffect, useSyncExternalStore } from "react";
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { startBootRequests } from "../app/boot";
import { KEY_MOBILE_APP_TIP, appDeepLink } from "../app/config";
import { useAppDispatch, useAppSelector } from "../app/hooks";
import { updateOnline } from "../app/slices/ui";
import ErrorBoundary from "../components/ErrorBoundary";
import Toaster from "../components/Toaster";
import { applyUpdate, registerServiceWorker } from "../pwa";
import { isMobile } from "../utils/platform";
import { getLocal, setLocal } from "../utils/storage";
import { getUnread, setBaseIcon, subscribeUnread, titleWithUnread } from "../utils/unreadBadge";
import { toast } from "../utils/toast";
import Guard from "./Guard";

/**
 * `{server name} Web App`, with the unread count before it (`utils/unreadBadge.ts`) and the
 * `[INACTIVE]` prefix in a tab that is no longer the active one.
 */
function useTitle() {
  const { t } = useTranslation();
  const serverName = useAppSelector((s) => s.server.name);
  const inactive = useAppSelector((s) => s.ui.inactive);
  const unread = useSyncExternalStore(subscribeUnread, getUnread);
  const name = serverName.trim();
  useEffect(() => {
    const title = t("title", { name: name || "Parley" });
    document.title = inactive ? `[INACTIVE] ${title}` : titleWithUnread(title, unread);
  }, [name, inactive, unread, t]);
}

const LOGO_URL = "/api/resource/organization/logo";

/** The server logo becomes the page icon once it is known to load. */
function useServerIcon(serverId: string | undefined) {
  useEffect(() => {
    const img = new Image();
    img.onload = () => {
      for (const rel of ["icon", "apple-touch-icon"]) {
        let link = document.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
        if (!link) {
          link = document.createElement("link");
          link.rel = rel;
          document.head.appendChild(link);
        }
        link.type = "image/png";
        link.href = img.src;
      }
      // The unread badge is drawn over the logo from now on.
      setBaseIcon(img.src);
    };
    img.src = `${LOGO_URL}?t=${serverId ?? ""}`;
  }, [serverId]);
}

/** 'Network Offline!' stays up while offline. */
function useNetworkToast() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    const offline = () => {
      dispatch(updateOnline(false));
      toast.error(t("tip.offline"), { id: "network-offline", duration: Infinity });
    };
    const online = () => {
      dispatch(updateOnline(true));
      toast.dismiss("network-offline");
    };
    if (!navigator.onLine) offline();
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [dispatch, t]);
}

let booted = false;

/** Once per page load: the boot calls (`app/boot.ts`), the service worker, the mobile-app tip. */
function useBoot() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (booted) return;
    booted = true;
    startBootRequests(dispatch);
    registerServiceWorker(() =>
      toast.action(t("pwa.new_version"), {
        id: "new-version",
        actions: [
          { label: t("action.update"), primary: true, onClick: () => void applyUpdate() },
          { label: t("action.dismiss"), onClick: () => undefined },
        ],
      }),
    );
    if (isMobile() && !getLocal(KEY_MOBILE_APP_TIP)) {
      const remember = () => setLocal(KEY_MOBILE_APP_TIP, "1");
      toast.action(t("mobile_app.tip"), {
        id: "mobile-app",
        position: "top-right",
        actions: [
          {
            label: t("action.open"),
            primary: true,
            onClick: () => {
              remember();
              window.location.href = appDeepLink(window.location.origin);
            },
          },
          { label: t("action.dismiss"), onClick: remember },
        ],
      });
    }
  }, [dispatch, t]);
}

export default function Root() {
  const serverId = useAppSelector((s) => s.server.server_id);
  useBoot();
  useTitle();
  useServerIcon(serverId);
  useNetworkToast();
  return (
    <>
      <ErrorBoundary>
        <Guard>
          <Outlet />
        </Guard>
      </ErrorBoundary>
      <Toaster />
    </>
  );
}
