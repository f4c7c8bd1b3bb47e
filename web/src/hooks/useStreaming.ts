import { useEffect } from "react";
import { useStore } from "react-redux";
import { HIDDEN_FORCE_RECONNECT_S } from "@parley/protocol";
import { useAppSelector } from "../app/hooks";
import { errorText } from "../app/services/errors";
import { pauseStreaming, restartStreaming, resumeStreaming, startStreaming, stopStreaming } from "../app/streaming/controller";
import { offAll, on } from "../utils/listen";
import { toast } from "../utils/toast";

/**
 * Runs the event stream while logged in and the tab is the active one; follows the network and
 * the page visibility (docs/ARCHITECTURE.md "Client rules": event stream).
 */
export default function useStreaming() {
  const store = useStore();
  const loggedIn = useAppSelector((s) => !!s.authData.token && !!s.authData.user);
  const inactive = useAppSelector((s) => s.ui.inactive);
  const ready = useAppSelector((s) => s.ui.ready);

  useEffect(() => {
    if (!loggedIn || inactive) return;
    startStreaming(store);
    let hiddenAt = 0;
    const onOnline = () => resumeStreaming(0);
    const onOffline = () => pauseStreaming();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt && Date.now() - hiddenAt > HIDDEN_FORCE_RECONNECT_S * 1000) {
        toast.loading(errorText("reconnecting"), { id: "reconnecting" });
        restartStreaming();
      } else resumeStreaming();
      hiddenAt = 0;
    };
    const off = offAll(on(window, "online", onOnline), on(window, "offline", onOffline), on(document, "visibilitychange", onVisibility));
    return () => {
      off();
      stopStreaming();
    };
  }, [loggedIn, inactive, store]);

  // The 'Reconnecting...' toast lasts until the stream is ready again.
  useEffect(() => {
    if (ready) toast.dismiss("reconnecting");
  }, [ready]);
}
