import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useAppSelector, useAppStore } from "../../../app/hooks";
import { selectDisplayName, selectIsMuted } from "../../../app/selectors";
import type { ConvKind, StoredMessage } from "../../../app/slices/messages";
import type { RootState } from "../../../app/store";
import { markDesktopPrompted, notifiesMe, setDesktopWanted, shouldPromptDesktop, showDesktop, showsDesktop } from "../../../utils/desktopNotify";
import { playMessageSound } from "../../../utils/messageSound";
import { toast } from "../../../utils/toast";
import { chatPath, messageText } from "./model";

/** How long the one-time offer of desktop notifications stays on screen. */
const DESKTOP_PROMPT_MS = 10_000;

/** A burst (a reconnect's catch-up) shows at most this many desktop notifications, the newest. */
const MAX_DESKTOP = 3;

interface Arrival {
  kind: ConvKind;
  id: number;
  m: StoredMessage;
}

/** The messages the stream cursor moved past, `from` (excluded) to `to`, newest first. */
function arrivals(s: RootState, from: number, to: number): Arrival[] {
  const out: Arrival[] = [];
  for (const kind of ["channel", "dm"] as ConvKind[]) {
    for (const [key, ids] of Object.entries(s.messages[kind])) {
      for (let i = ids.length - 1; i >= 0 && ids[i] > from; i--) {
        const m = s.messages.byId[ids[i]];
        if (m && m.mid <= to) out.push({ kind, id: Number(key), m });
      }
    }
  }
  return out.sort((a, b) => b.m.mid - a.m.mid);
}

/**
 * What a message from someone else does once the app is ready: a sound if sound is on (not for
 * the conversation the user is looking at), and a desktop notification while the tab is hidden
 * (`utils/desktopNotify.ts`). Both follow one rule: not in a muted conversation unless the message
 * mentions me. New messages are those the stream cursor (`afterMid`) moves past; the backlog
 * replayed before `ready` is not new. After the user's own first message, a prompt offers desktop
 * notifications once (the browser's permission is never asked on load).
 */
export default function useMessageNotifier() {
  const { t } = useTranslation("chat");
  const store = useAppStore();
  const navigate = useNavigate();
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
    const me = s.authData.user?.uid;
    const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
    const looking = !hidden && typeof document !== "undefined" && document.hasFocus();
    const notable = arrivals(s, from, afterMid).filter(({ kind, id, m }) => notifiesMe({ from_uid: m.from_uid, mentions: m.properties?.mentions }, me, selectIsMuted(s, kind, id)));

    if (s.ui.msgSound && notable.some(({ kind, id }) => !(looking && path.current === chatPath({ kind, id })))) playMessageSound();

    if (showsDesktop(hidden)) {
      const nameOf = (uid: number) => selectDisplayName(s, uid);
      for (const { kind, id, m } of notable.slice(0, MAX_DESKTOP)) {
        const sender = nameOf(m.from_uid) ?? t("message.unknown_user", { uid: m.from_uid });
        const title = kind === "channel" ? `${sender} · #${s.channels.byId[id]?.name ?? id}` : sender;
        void showDesktop({ title, body: messageText(m, t, nameOf), tag: kind === "channel" ? `parley-g${id}` : `parley-u${id}`, route: chatPath({ kind, id }), mid: m.mid }, (route) => void navigate(route));
      }
    }

    if (me !== undefined && shouldPromptDesktop() && arrivals(s, from, afterMid).some(({ m }) => m.from_uid === me)) {
      markDesktopPrompted();
      toast.action(t("notify_prompt.text", { ns: "common" }), {
        id: "desktop-notify-prompt",
        // An offer, not a question the page waits on: it goes by itself (Settings → Notifications
        // keeps the switch), so it never stays over the conversation or the screens after it.
        duration: DESKTOP_PROMPT_MS,
        actions: [
          { label: t("notify_prompt.enable", { ns: "common" }), primary: true, onClick: () => void setDesktopWanted(true) },
          { label: t("notify_prompt.later", { ns: "common" }), onClick: () => undefined },
        ],
      });
    }
  }, [afterMid, ready, store, t, navigate]);
}
