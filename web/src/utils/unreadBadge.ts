/**
 * The unread count of the page title (`(3) Parley Web App`) and of the page icon's badge
 * (issue 20). The main layout sets the count (`routes/home/useUnreadBadge.ts`, which also paints
 * the badge: `faviconBadge.ts`); Root's title reads it and its server-logo hook sets the icon the
 * badge is drawn on. This module is on the login page, so it holds state only.
 */
let count = 0;
let baseIcon = "/favicon.svg";
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const getUnread = () => count;
export const getBaseIcon = () => baseIcon;

/** Called on a change of the count or of the base icon. */
export function subscribeUnread(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `(n) title`, 99+ above 99. */
export const titleWithUnread = (title: string, n: number) => (n > 0 ? `(${n > 99 ? "99+" : n}) ${title}` : title);

export function setUnread(n: number): void {
  if (n === count) return;
  count = n;
  emit();
}

/** The icon without a badge (the favicon, or the server logo once it loads). */
export function setBaseIcon(href: string): void {
  baseIcon = href;
  emit();
}
