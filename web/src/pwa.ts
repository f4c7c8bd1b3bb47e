/**
 * The service worker (built by vite-plugin-pwa, `registerType: "prompt"`) and the install prompt.
 * Registration is hand-written (no workbox-window): it is on the login page. A waiting new worker
 * is reported through `onUpdate` (the new-version toast); Update unregisters the workers and
 * reloads.
 */
import { KEY_PWA_INSTALLED } from "./app/config";
import { setLocal } from "./utils/storage";

const HOUR = 3_600_000;

export function registerServiceWorker(onUpdate: () => void): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = async () => {
    try {
      const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const watch = (worker: ServiceWorker | null) =>
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) onUpdate();
        });
      if (reg.waiting && navigator.serviceWorker.controller) onUpdate();
      reg.addEventListener("updatefound", () => watch(reg.installing));
      setInterval(() => void reg.update().catch(() => undefined), HOUR);
      console.info("[pwa] service worker registered");
    } catch (err) {
      console.warn("[pwa] service worker registration failed", err);
    }
  };
  // A click on a push notification takes an open window to its conversation (public/push-sw.js).
  navigator.serviceWorker.addEventListener("message", (e: MessageEvent<{ type?: string; url?: string }>) => {
    if (e.data?.type !== "parley:navigate" || typeof e.data.url !== "string") return;
    const hash = e.data.url.indexOf("#");
    if (hash >= 0) window.location.hash = e.data.url.slice(hash);
  });
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** Update: drop the service workers and load the new version. */
export async function applyUpdate(): Promise<void> {
  try {
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
  } finally {
    window.location.reload();
  }
}

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Keep the browser's install prompt for the install banner (captured before React renders). */
export function captureInstallPrompt(): void {
  if (typeof window === "undefined") return;
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", () => {
    setLocal(KEY_PWA_INSTALLED, "1");
    deferred = null;
    emit();
  });
}

export const canInstall = () => deferred !== null;
export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  emit();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "accepted") setLocal(KEY_PWA_INSTALLED, "1");
  return outcome === "accepted";
}
