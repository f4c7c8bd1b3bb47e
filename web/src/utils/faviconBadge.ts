/**
 * The page icon with the unread count drawn on it (issue 20): the base icon (`unreadBadge.ts`)
 * on a canvas with a red badge, as a data URL; no count, the base icon itself.
 */

/** The badge's text: the number up to 9, then "9+" (readable at 16 px). */
export const badgeText = (n: number) => (n > 9 ? "9+" : String(n));

const SIZE = 64;
let painting = 0;

/** Makes the page icon `base` with `n` on it (the latest call wins when drawings overlap). */
export async function paintIcon(base: string, n: number): Promise<void> {
  if (typeof document === "undefined") return;
  const turn = ++painting;
  let href = base;
  if (n > 0) {
    const drawn = await drawBadge(base, n).catch(() => null);
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
  link.type = href.endsWith(".svg") ? "image/svg+xml" : "image/png";
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
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error("icon load failed"));
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
