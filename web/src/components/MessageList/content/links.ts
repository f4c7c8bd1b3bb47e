/** Finding web links in message text (for linkifying plain text and for link previews). */

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"*_~]+$/;

/** A matched URL without the punctuation that ends the sentence around it. */
function trimUrl(raw: string): string {
  let url = raw.replace(TRAILING, "");
  // A closing bracket belongs to the URL only when it opened one (Wikipedia-style links).
  while (/[)\]]$/.test(url)) {
    const close = url.endsWith(")") ? ")" : "]";
    const open = close === ")" ? "(" : "[";
    if (url.split(open).length >= url.split(close).length) break;
    url = url.slice(0, -1).replace(TRAILING, "");
  }
  return url;
}

export interface TextPart {
  text: string;
  url?: string;
}

/** Text split into plain runs and URLs. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = trimUrl(m[0]);
    if (!isWebUrl(url)) continue;
    const start = m.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/** The distinct web links of a message, in order, skipping code spans and fenced blocks of markdown. */
export function extractUrls(text: string, markdown = false, limit = 3): string[] {
  const source = markdown ? text.replace(/```[\s\S]*?(?:```|$)|`[^`\n]*`/g, " ") : text;
  const seen: string[] = [];
  for (const part of splitLinks(source)) {
    if (part.url && !seen.includes(part.url)) seen.push(part.url);
    if (seen.length >= limit) break;
  }
  return seen;
}
