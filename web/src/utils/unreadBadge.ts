/**
 * The unread count in the page title (`(3) Parley Web App`) and as a badge on the page icon
 * (issue 20). The main layout sets the count (`useUnreadBadge`), Root's title and server-logo
 * hooks read it and set the base icon; this module is on the login page, so it stays small.
 */
let count = 0;
let baseIcon = "/favicon.svg";
const listeners = new Set<() => void>();

export const getUnread = () => count;
export function subscribeUnread(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `(n) title`, 99+ above 99. */
export const titleWithUnread = (title: string, n: number) => (n > 0 ? `(${n > 99 ? "99+" : n}) ${title}` : title);

/** The badge's text: the number up to 9, then "9+" (readable at 16 px). */
export const badgeText = (n: number) => (n > 9 ? "9+" : String(n));

export function setUnread(n: number): void {
  if (n === count) return;
  count = n;
  listeners.forEach((l) => l());
  void paintIcon();
}

/** The icon without a badge (the favicon, or the server logo once it loads). */
export function setBaseIcon(href: string): void {
  baseIcon = href;
  void paintIcon();
}

const SIZE = 64;
let painting = 0;

/** Draws the base icon with a red badge (the count) on a canvas and makes it the page icon; no count: the base icon. */
async function paintIcon(): Promise<void> {
  if (typeof document === "undefined") return;
  const turn = ++painting;
  const n = count;
  let href = baseIcon;
  if (n > 0) {
    const drawn = await drawBadge(baseIcon, n).catch(() => null);
    if (turn !== painting) return;
    if (drawn) href = drawn;
  }
  setIconLink(href);
}

function setIconLink(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  link.type = href.startsWith("data:image/png") || !href.endsWith(".svg") ? "image/png" : "image/svg+xml";
  link.href = href;
}

/** An image that does not load within 3 s is given up (the badge is drawn alone). */
function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(() => reject(new Error("icon load timeout")), 3_000);
    img.onload = () => {
      clearTimeout(timer);
      resolve(img);
    };
    img.onerror = (e) => {
      clearTimeout(timer);
      reject(e instanceof Event ? new Error("icon load failed") : e);
    };
    img.src = src;
  });
}

async function drawBadge(src: string, n: number): Promise<string | null> {
  const canvas = document.createElement("canvas");
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  try {
    ctx.drawImage(await loadImage(src), 0, 0, SIZE, SIZE);
  } catch {
    // No base image: the badge alone still says there is something unread.
  }
  const r = 20;
  const cx = SIZE - r;
  const cy = r;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = "#dc2626";
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  const text = badgeText(n);
  ctx.font = `bold ${text.length > 1 ? 22 : 28}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, cx, cy + 1);
  return canvas.toDataURL("image/png");
}
