import { Parser } from "htmlparser2";
import type { OpenGraphAudio, OpenGraphImage, OpenGraphObject, OpenGraphVideo } from "@parley/protocol";

const MAX_MEDIA = 10;
const MAX_TEXT = 1_000;
const MAX_URL = 2_048;

/** The charset of a page: the `Content-Type` parameter, else a `<meta>` in its first bytes, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string): string {
  let label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!label) {
    const head = body.subarray(0, 2048).toString("latin1");
    label = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(label ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

const clip = (s: string, max = MAX_TEXT) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max) : t;
};

/** An absolute http(s) URL resolved against the page, or null (no `javascript:`, `data:` …). */
function absolute(value: string | undefined, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href.length > MAX_URL ? null : url.href;
  } catch {
    return null;
  }
}

const dimension = (value: string | undefined): number | null => {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return null;
  return Number(value.trim());
};

/** What one pass over a page collects: every `og:` property in order, named metas, the title, icons. */
interface PageTags {
  og: [property: string, content: string][];
  named: Map<string, string>;
  title: string;
  icon: string | null;
  touchIcon: string | null;
}

/** Walks the page once (htmlparser2, entities decoded) and collects its tags; an `<svg>`'s `<title>` is not the page's. */
function scanPage(html: string, pageUrl: URL): PageTags {
  const tags: PageTags = { og: [], named: new Map(), title: "", icon: null, touchIcon: null };
  let inTitle = false;
  let titleDone = false;
  let svgDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "svg") svgDepth++;
        if (name === "title" && svgDepth === 0 && !titleDone) inTitle = true;
        if (name === "meta" && attrs.content !== undefined) {
          const property = (attrs.property ?? "").trim().toLowerCase();
          const metaName = (attrs.name ?? "").trim().toLowerCase();
          if (property.startsWith("og:")) tags.og.push([property, attrs.content]);
          else if (metaName.startsWith("og:")) tags.og.push([metaName, attrs.content]);
          if (metaName && !tags.named.has(metaName)) tags.named.set(metaName, attrs.content);
          if (property.startsWith("twitter:") && !tags.named.has(property)) tags.named.set(property, attrs.content);
        }
        if (name === "link" && attrs.href) {
          const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
          if (!tags.icon && rel.includes("icon")) tags.icon = absolute(attrs.href, pageUrl);
          if (!tags.touchIcon && rel.includes("apple-touch-icon")) tags.touchIcon = absolute(attrs.href, pageUrl);
        }
      },
      ontext(text) {
        if (inTitle && tags.title.length < MAX_TEXT * 2) tags.title += text;
      },
      onclosetag(name) {
        if (name === "svg" && svgDepth > 0) svgDepth--;
        if (name === "title" && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return tags;
}

type MediaKind = "image" | "video" | "audio";
type AnyMedia = OpenGraphImage | OpenGraphVideo | OpenGraphAudio;

/** The structured properties each kind of media has, beyond its URL. */
const MEDIA_FIELDS: Record<MediaKind, readonly string[]> = {
  image: ["secure_url", "type", "width", "height", "alt"],
  video: ["secure_url", "type", "width", "height"],
  audio: ["secure_url", "type"],
};

/** One structured property's value: URLs resolved, sizes as numbers, texts clipped. */
function fieldValue(field: string, content: string, pageUrl: URL): string | number | null {
  if (field === "secure_url") return absolute(content, pageUrl);
  if (field === "width" || field === "height") return dimension(content);
  return field === "type" ? clip(content, 100) : clip(content);
}

/**
 * The images, videos and audios of the `og:` properties: `og:<kind>` (or `og:<kind>:url`) starts
 * a new item, at most `MAX_MEDIA` of each, and the structured properties that follow describe
 * the latest one.
 */
function readMedia(og: PageTags["og"], pageUrl: URL): Record<MediaKind, AnyMedia[]> {
  const media: Record<MediaKind, AnyMedia[]> = { image: [], video: [], audio: [] };
  for (const [property, content] of og) {
    const m = /^og:(image|video|audio)(?::(.+))?$/.exec(property);
    if (!m) continue;
    const kind = m[1] as MediaKind;
    const field = m[2] ?? "url";
    const list = media[kind];
    if (field === "url") {
      const url = absolute(content, pageUrl);
      if (url && list.length < MAX_MEDIA) list.push(Object.fromEntries([["url", url], ...MEDIA_FIELDS[kind].map((f) => [f, null])]) as AnyMedia);
    } else if (MEDIA_FIELDS[kind].includes(field) && list.length > 0) {
      (list[list.length - 1] as unknown as Record<string, unknown>)[field] = fieldValue(field, content, pageUrl);
    }
  }
  return media;
}

/**
 * Reads the Open Graph object of an HTML page: its `og:` properties and media (`readMedia`), with
 * the title and description falling back to `twitter:` metas, `<title>` and
 * `<meta name="description">`, the image to `twitter:image`, the favicon to `/favicon.ico`.
 */
export function parseOpenGraph(html: string, pageUrl: URL): OpenGraphObject {
  const tags = scanPage(html, pageUrl);
  const media = readMedia(tags.og, pageUrl);
  // The first value of each plain property counts.
  const og = new Map<string, string>();
  for (const [property, content] of tags.og) if (!og.has(property)) og.set(property, content);
  const locales = tags.og
    .filter(([property]) => property === "og:locale:alternate")
    .slice(0, MAX_MEDIA)
    .map(([, content]) => clip(content, 35));
  const images = media.image as OpenGraphImage[];
  const twitterImage = absolute(tags.named.get("twitter:image"), pageUrl);
  if (images.length === 0 && twitterImage) images.push({ url: twitterImage, secure_url: null, type: null, width: null, height: null, alt: null });
  const text = (value: string | undefined) => (value && clip(value) ? clip(value) : null);

  return {
    type: text(og.get("og:type")) ?? "website",
    title: text(og.get("og:title")) ?? text(tags.named.get("twitter:title")) ?? clip(tags.title),
    url: absolute(og.get("og:url"), pageUrl) ?? pageUrl.href,
    images,
    audios: media.audio as OpenGraphAudio[],
    videos: media.video as OpenGraphVideo[],
    favicon_url: tags.icon ?? tags.touchIcon ?? new URL("/favicon.ico", pageUrl).href,
    description: text(og.get("og:description")) ?? text(tags.named.get("description")) ?? text(tags.named.get("twitter:description")),
    locale: text(og.get("og:locale")),
    locale_alternate: locales,
    site_name: text(og.get("og:site_name")),
  };
}
