/*
 * Web Push in the service worker (imported by the generated sw.js through workbox.importScripts;
 * docs/API.md "Web Push (addition)"). A push carries JSON {title, body, url, tag, mid}: it is shown as a
 * notification (one per tag), unless this message is already shown (the open app showed it as a
 * desktop notification) or a window of the app has the focus. A click focuses an open window and
 * takes it to `url`, or opens a new one there.
 */
/* global self */
const ICON = "/icons/icon-192.png";

function readPayload(event) {
  if (!event.data) return null;
  try {
    const data = event.data.json();
    return data && typeof data === "object" ? data : null;
  } catch {
    return { title: "Parley", body: event.data.text(), url: "/", tag: "parley", mid: 0 };
  }
}

async function showPush(payload) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  // The user is looking at the app: it shows the message itself.
  if (windows.some((w) => w.focused && w.visibilityState === "visible")) return;
  if (payload.mid) {
    const shown = await self.registration.getNotifications();
    if (shown.some((n) => n.data && n.data.mid === payload.mid)) return;
  }
  await self.registration.showNotification(String(payload.title || "Parley"), {
    body: String(payload.body || ""),
    tag: payload.tag ? String(payload.tag) : undefined,
    icon: ICON,
    badge: ICON,
    data: { url: typeof payload.url === "string" ? payload.url : "/", mid: payload.mid || 0 },
  });
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event);
  if (payload) event.waitUntil(showPush(payload));
});

async function openUrl(url) {
  let target = new URL(url || "/", self.location.origin);
  // Only the app's own pages are opened: a link to another origin (a configured frontend URL
  // that is not this one) keeps its route on this origin.
  if (target.origin !== self.location.origin) target = new URL(target.pathname + target.search + target.hash, self.location.origin);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => w.focused) || windows[0];
  if (open) {
    await open.focus();
    // The app follows its hash route; navigate() needs a window this worker controls.
    open.postMessage({ type: "parley:navigate", url: target.pathname + target.search + target.hash });
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openUrl(data.url));
});
