/**
 * Desktop notifications (issue 20, "In the web client"): a `Notification` for a message that
 * arrives while the tab is hidden. The rule is the server's (docs/NOTIFICATIONS.md): not the
 * user's own message, and not in a muted conversation unless it mentions the user (DMs notify as
 * channels do). Permission is only asked from a click: the Notifications settings toggle, or the
 * prompt after the user's first message (`useMessageNotifier`), never on load.
 */
import { getLocal, setLocal } from "./storage";

const KEY_WANTED = "parley:desktop_notify";
const KEY_PROMPTED = "parley:desktop_notify_prompted";

export type DesktopPermission = NotificationPermission | "unsupported";

export const desktopSupported = () => typeof window !== "undefined" && "Notification" in window;

export const desktopPermission = (): DesktopPermission => (desktopSupported() ? Notification.permission : "unsupported");

/** The user's choice on this browser (off until turned on). */
export const desktopWanted = () => getLocal(KEY_WANTED) === "1";

const listeners = new Set<() => void>();
export function subscribeDesktop(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = () => listeners.forEach((l) => l());

/**
 * Turns desktop notifications on (asking the browser's permission; the caller is a click) or off.
 * Returns the permission after the ask: on needs "granted".
 */
export async function setDesktopWanted(on: boolean): Promise<DesktopPermission> {
  setLocal(KEY_PROMPTED, "1");
  if (!on) {
    setLocal(KEY_WANTED, "0");
    emit();
    return desktopPermission();
  }
  let permission = desktopPermission();
  if (permission === "default") permission = await Notification.requestPermission();
  setLocal(KEY_WANTED, permission === "granted" ? "1" : "0");
  emit();
  return permission;
}

/** Whether to offer desktop notifications after the user's first message: once, while the browser has not been asked. */
export const shouldPromptDesktop = () => desktopPermission() === "default" && getLocal(KEY_PROMPTED) !== "1";
export const markDesktopPrompted = () => setLocal(KEY_PROMPTED, "1");

/** The message facts the rule reads. */
export interface IncomingMessage {
  from_uid: number;
  mentions: unknown;
}

/** The server's rule: not one's own, and in a muted conversation only a mention. */
export function notifiesMe(m: IncomingMessage, me: number | undefined, muted: boolean): boolean {
  if (me === undefined || m.from_uid === me) return false;
  if (!muted) return true;
  return Array.isArray(m.mentions) && m.mentions.includes(me);
}

/** A desktop notification is shown for a notable message only while the tab is hidden, when the user turned them on and the browser allows. */
export function showsDesktop(hidden: boolean): boolean {
  return hidden && desktopWanted() && desktopPermission() === "granted";
}

export interface DesktopMessage {
  title: string;
  body: string;
  /**
   * One notification per conversation: a newer message replaces the older one. The server's Web
   * Push tags (`parley-g{gid}`, `parley-u{uid}`), so a push and this replace each other too.
   */
  tag: string;
  /** The hash route to open on click, e.g. `/chat/dm/3`. */
  route: string;
  mid: number;
}

const PREVIEW_CHARS = 140;
const ICON = "/icons/icon-192.png";

/**
 * Shows it through the service worker when there is one (the push worker then knows the message
 * is shown and its click handler opens the conversation; `public/push-sw.js`), else as a page
 * `Notification` whose click focuses the window and opens the conversation.
 */
export async function showDesktop(msg: DesktopMessage, open: (route: string) => void): Promise<void> {
  const body = msg.body.length > PREVIEW_CHARS ? `${msg.body.slice(0, PREVIEW_CHARS - 1)}…` : msg.body;
  const options: NotificationOptions = { body, tag: msg.tag, icon: ICON, data: { url: `/#${msg.route}`, mid: msg.mid } };
  const reg = await swRegistration();
  if (reg) {
    try {
      await reg.showNotification(msg.title, options);
      return;
    } catch {
      // fall back to a page notification
    }
  }
  try {
    const n = new Notification(msg.title, options);
    n.onclick = () => {
      window.focus();
      open(msg.route);
      n.close();
    };
  } catch {
    // Some browsers (Android Chrome) only allow the worker's notifications: nothing shown.
  }
}

async function swRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return undefined;
  return navigator.serviceWorker.getRegistration("/").catch(() => undefined);
}
