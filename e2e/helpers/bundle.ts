/** What a page costs to load: the built JS and CSS it fetches, measured gzipped. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { WEB_DIST } from "./server";

/** The paths of the JS and CSS files `page` requests from now on (filled in as they are asked for). */
export function recordAssets(page: Page): Set<string> {
  const assets = new Set<string>();
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
  });
  return assets;
}

/** Each asset's size gzipped, read from the build the server serves. */
export const gzipSizes = (assets: Iterable<string>) => [...assets].map((asset) => ({ asset, size: gzipSync(readFileSync(path.join(WEB_DIST, asset))).length }));
