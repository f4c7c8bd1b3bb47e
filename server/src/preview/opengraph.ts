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

/**
 * Reads the Open Graph object of an HTML page. `og:image`, `og:video` and `og:audio` (or their
 * `:url` forms) start a new item and the structured properties that follow (`:secure_url`,
 * `:type`, `:width`, `:height`, `:alt`) describe it. The title and description fall back to
 * `<title>` and `<meta name="description">`, the favicon to `/favicon.ico`.
 */
export function parseOpenGraph(html: string, pageUrl: URL): OpenGraphObject {
  const og = new Map<string, string>();
  const named = new Map<string, string>();
  const images: OpenGraphImage[] = [];
  const videos: OpenGraphVideo[] = [];
  const audios: OpenGraphAudio[] = [];
  const locales: string[] = [];
  let title = "";
  let inTitle = false;
  let titleDone = false;
  let svgDepth = 0;
  let icon: string | null = null;
  let touchIcon: string | null = null;

  const onMeta = (property: string, content: string) => {
    const image = images[images.length - 1];
    const video = videos[videos.length - 1];
    const audio = audios[audios.length - 1];
    switch (property) {
      case "og:image":
      case "og:image:url": {
        const url = absolute(content, pageUrl);
        if (url && images.length < MAX_MEDIA) images.push({ url, secure_url: null, type: null, width: null, height: null, alt: null });
        return;
      }
      case "og:video":
      case "og:video:url": {
        const url = absolute(content, pageUrl);
        if (url && videos.length < MAX_MEDIA) videos.push({ url, secure_url: null, type: null, width: null, height: null });
        return;
      }
      case "og:audio":
      case "og:audio:url": {
        const url = absolute(content, pageUrl);
        if (url && audios.length < MAX_MEDIA) audios.push({ url, secure_url: null, type: null });
        return;
      }
      case "og:image:secure_url":
        if (image) image.secure_url = absolute(content, pageUrl);
        return;
      case "og:image:type":
        if (image) image.type = clip(content, 100);
        return;
      case "og:image:width":
        if (image) image.width = dimension(content);
        return;
      case "og:image:height":
        if (image) image.height = dimension(content);
        return;
      case "og:image:alt":
        if (image) image.alt = clip(content);
        return;
      case "og:video:secure_url":
        if (video) video.secure_url = absolute(content, pageUrl);
        return;
      case "og:video:type":
        if (video) video.type = clip(content, 100);
        return;
      case "og:video:width":
        if (video) video.width = dimension(content);
        return;
      case "og:video:height":
        if (video) video.height = dimension(content);
        return;
      case "og:audio:secure_url":
        if (audio) audio.secure_url = absolute(content, pageUrl);
        return;
      case "og:audio:type":
        if (audio) audio.type = clip(content, 100);
        return;
      case "og:locale:alternate":
        if (locales.length < MAX_MEDIA) locales.push(clip(content, 35));
        return;
      default:
        if (property.startsWith("og:") && !og.has(property)) og.set(property, content);
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "svg") svgDepth++;
        if (name === "title" && svgDepth === 0 && !titleDone) inTitle = true;
        if (name === "meta" && attrs.content !== undefined) {
          const property = (attrs.property ?? "").trim().toLowerCase();
          const metaName = (attrs.name ?? "").trim().toLowerCase();
          if (property.startsWith("og:")) onMeta(property, attrs.content);
          else if (metaName.startsWith("og:")) onMeta(metaName, attrs.content);
          if (metaName && !named.has(metaName)) named.set(metaName, attrs.content);
          if (property.startsWith("twitter:") && !named.has(property)) named.set(property, attrs.content);
        }
        if (name === "link" && attrs.href) {
          const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
          if (!icon && rel.includes("icon")) icon = absolute(attrs.href, pageUrl);
          if (!touchIcon && rel.includes("apple-touch-icon")) touchIcon = absolute(attrs.href, pageUrl);
        }
      },
      ontext(text) {
        if (inTitle && title.length < MAX_TEXT * 2) title += text;
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

  const twitterImage = absolute(named.get("twitter:image"), pageUrl);
  if (images.length === 0 && twitterImage) images.push({ url: twitterImage, secure_url: null, type: null, width: null, height: null, alt: null });
  const text = (value: string | undefined) => (value && clip(value) ? clip(value) : null);

  return {
    type: text(og.get("og:type")) ?? "website",
    title: text(og.get("og:title")) ?? text(named.get("twitter:title")) ?? clip(title),
    url: absolute(og.get("og:url"), pageUrl) ?? pageUrl.href,
    images,
    audios,
    videos,
    favicon_url: icon ?? touchIcon ?? new URL("/favicon.ico", pageUrl).href,
    description: text(og.get("og:description")) ?? text(named.get("description")) ?? text(named.get("twitter:description")),
    locale: text(og.get("og:locale")),
    locale_alternate: locales,
    site_name: text(og.get("og:site_name")),
  };
}
