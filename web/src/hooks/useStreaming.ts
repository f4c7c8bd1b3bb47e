import { useEffect } from "react";
import { useStore } from "react-redux";
import { useAppSelector } from "../app/hooks";
import { pauseStreaming, resumeStreaming, startStreaming, stopStreaming } from "../app/streaming/controller";

/** Runs the event stream while logged in and the tab is the active one. */
export default function useStreaming() {
  const store = useStore();
  const loggedIn = useAppSelector((s) => !!s.authData.token && !!s.authData.user);
  const inactive = useAppSelector((s) => s.ui.inactive);

  useEffect(() => {
    if (!loggedIn || inactive) return;
    startStreaming(store);
    const onOnline = () => resumeStreaming(0);
    const onOffline = () => pauseStreaming();
    const onVisible = () => {
      if (document.visibilityState === "visible") resumeStreaming();
    };
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      document.removeEventListener("visibilitychange", onVisible);
      stopStreaming();
    };
  }, [loggedIn, inactive, store]);
}
