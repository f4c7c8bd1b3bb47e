import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useAppSelector, useAppStore } from "../../../app/hooks";
import { selectIsMuted } from "../../../app/selectors";
import type { ConvKind } from "../../../app/slices/messages";
import { playMessageSound } from "../../../utils/messageSound";
import { chatPath } from "./model";

/**
 * A sound when a message from someone else arrives, the app is ready and sound is on.
 * Not for muted conversations (unless the message mentions me), nor for the conversation the
 * user is looking at. New messages are those the stream cursor (`afterMid`) moves past; the
 * backlog replayed before `ready` is not new.
 */
export default function useMessageNotifier() {
  const store = useAppStore();
  const afterMid = useAppSelector((s) => s.footprint.afterMid);
  const ready = useAppSelector((s) => s.ui.ready);
  const { pathname } = useLocation();
  const seen = useRef(afterMid);
  const wasReady = useRef(false);
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    const from = seen.current;
    seen.current = afterMid;
    if (!ready) {
      wasReady.current = false;
      return;
    }
    if (!wasReady.current) {
      // The batch that came with `ready` is the backlog.
      wasReady.current = true;
      return;
    }
    if (afterMid <= from) return;
    const s = store.getState();
    if (!s.ui.msgSound) return;
    const me = s.authData.user?.uid;
    const looking = typeof document !== "undefined" && document.visibilityState === "visible" && document.hasFocus();
    for (const kind of ["channel", "dm"] as ConvKind[]) {
      for (const [key, ids] of Object.entries(s.messages[kind])) {
        const id = Number(key);
        if (looking && path.current === chatPath({ kind, id })) continue;
        const muted = selectIsMuted(s, kind, id);
        for (let i = ids.length - 1; i >= 0 && ids[i] > from; i--) {
          const m = s.messages.byId[ids[i]];
          if (!m || m.from_uid === me || m.mid > afterMid) continue;
          const mentions = m.properties?.mentions;
          if (muted && !(Array.isArray(mentions) && me !== undefined && mentions.includes(me))) continue;
          playMessageSound();
          return;
        }
      }
    }
  }, [afterMid, ready, store]);
}
