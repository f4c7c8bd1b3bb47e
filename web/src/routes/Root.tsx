import { useEffect } from "react";
import { Outlet } from "react-router";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from "@parley/protocol";
import { useAppDispatch, useAppSelector } from "../app/hooks";
import { fetchInitialized, fetchLoginConfig, fetchServer } from "../app/slices/server";
import { updateOnline } from "../app/slices/ui";
import Guard from "./Guard";

function useTitle() {
  const { t } = useTranslation();
  const serverName = useAppSelector((s) => s.server.name);
  const inactive = useAppSelector((s) => s.ui.inactive);
  const name = serverName.trim();
  useEffect(() => {
    const title = t("title", { name: name || "Parley" });
    document.title = inactive ? `[INACTIVE] ${title}` : title;
  }, [name, inactive, t]);
}

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

/** At most 20 toasts at once (spec §9). */
function useToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((x) => x.visible)
      .filter((_, i) => i >= TOAST_LIMIT)
      .forEach((x) => toast.dismiss(x.id));
  }, [toasts]);
}

let booted = false;

/** The boot calls (spec §4.1 of the usage notes), once per page load. */
function useBoot() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (booted) return;
    booted = true;
    void dispatch(fetchInitialized());
    void dispatch(fetchServer());
    void dispatch(fetchLoginConfig());
  }, [dispatch]);
}

export default function Root() {
  useBoot();
  useTitle();
  useNetworkToast();
  useToastLimit();
  return (
    <>
      <Guard>
        <Outlet />
      </Guard>
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_ERROR_MS,
          success: { duration: TOAST_SUCCESS_MS },
          className:
            "rounded-xl! bg-white! text-sm! text-zinc-900! shadow-lg! ring-1! ring-zinc-900/5! dark:bg-zinc-800! dark:text-zinc-100! dark:ring-white/10!",
        }}
      />
    </>
  );
}
