import { describe, expect, it } from "vitest";
import { parseOpenGraph } from "./opengraph.js";

const page = new URL("https://example.com/articles/1");

describe("parseOpenGraph", () => {
  it("reads the og: properties, each media item with the structured properties that follow it", () => {
    const html = `<html><head>
      <title>Fallback</title>
      <meta property="og:title" content="  The   Title ">
      <meta property="og:type" content="article">
      <meta property="og:url" content="/articles/1?ref=og">
      <meta property="og:site_name" content="Example">
      <meta property="og:locale" content="en_GB">
      <meta property="og:locale:alternate" content="fr_FR">
      <meta property="og:locale:alternate" content="de_DE">
      <meta property="og:image" content="/a.png">
      <meta property="og:image:width" content="640">
      <meta property="og:image:height" content="huge">
      <meta property="og:image:alt" content="A">
      <meta property="og:image:url" content="https://cdn.example.com/b.jpg">
      <meta property="og:image:secure_url" content="https://cdn.example.com/b-secure.jpg">
      <meta property="og:image:type" content="image/jpeg">
      <meta property="og:video" content="javascript:alert(1)">
      <meta property="og:video:url" content="https://example.com/v.mp4">
      <meta property="og:video:type" content="video/mp4">
      <meta property="og:audio" content="https://example.com/a.mp3">
      <meta property="og:audio:width" content="9">
      <link rel="shortcut icon" href="/icon.png">
    </head></html>`;
    expect(parseOpenGraph(html, page)).toEqual({
      type: "article",
      title: "The Title",
      url: "https://example.com/articles/1?ref=og",
      images: [
        { url: "https://example.com/a.png", secure_url: null, type: null, width: 640, height: null, alt: "A" },
        { url: "https://cdn.example.com/b.jpg", secure_url: "https://cdn.example.com/b-secure.jpg", type: "image/jpeg", width: null, height: null, alt: null },
      ],
      // The javascript: video is dropped; its properties would have gone to no item.
      videos: [{ url: "https://example.com/v.mp4", secure_url: null, type: "video/mp4", width: null, height: null }],
      // Audio has no width.
      audios: [{ url: "https://example.com/a.mp3", secure_url: null, type: null }],
      favicon_url: "https://example.com/icon.png",
      description: null,
      locale: "en_GB",
      locale_alternate: ["fr_FR", "de_DE"],
      site_name: "Example",
    });
  });

  it("falls back to twitter: metas, <title> (not an <svg>'s), the description meta and /favicon.ico", () => {
    const html = `<svg><title>icon title</title></svg><title>Page &amp; Co</title>
      <meta name="description" content="Plain description">
      <meta name="twitter:image" content="https://example.com/t.png">`;
    expect(parseOpenGraph(html, page)).toMatchObject({
      type: "website",
      title: "Page & Co",
      url: page.href,
      images: [{ url: "https://example.com/t.png", secure_url: null, type: null, width: null, height: null, alt: null }],
      favicon_url: "https://example.com/favicon.ico",
      description: "Plain description",
    });
  });

  it("keeps at most 10 items of each kind and the first value of a plain property", () => {
    const images = Array.from({ length: 12 }, (_, i) => `<meta property="og:image" content="/${i}.png">`).join("");
    const og = parseOpenGraph(`${images}<meta property="og:title" content="First"><meta property="og:title" content="Second">`, page);
    expect(og.images).toHaveLength(10);
    expect(og.title).toBe("First");
  });
});
