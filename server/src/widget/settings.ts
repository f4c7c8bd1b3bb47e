import type { WidgetSettings } from "@parley/protocol";
import type { AppContext } from "../context.js";

/** The `config` key of the widget's settings (docs/API.md "Widget"). */
export const WIDGET_SETTINGS_KEY = "widget";

export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  allowed_origins: [],
  color: "#4f46e5",
  position: "right",
  title: "",
  welcome: "",
  logo_url: "",
};

/** The stored settings over the defaults (a field added later reads as its default). */
export async function loadWidgetSettings(ctx: AppContext): Promise<WidgetSettings> {
  const stored = await ctx.repos.config.get<Partial<WidgetSettings>>(WIDGET_SETTINGS_KEY);
  return { ...DEFAULT_WIDGET_SETTINGS, ...(stored ?? {}) };
}

/**
 * How long a node trusts its copy of the allowed origins. The CORS check runs on every
 * cross-origin API request, so it is not a database read each time; a change made on this node
 * is seen at once (`forgetAllowedOrigins`), one made on another node of a cluster within this.
 */
export const ORIGINS_CACHE_MS = 5_000;

const originsCache = new WeakMap<AppContext, { at: number; origins: Promise<ReadonlySet<string>> }>();

/** The origins whose pages may call the widget's routes (CORS). */
export function allowedOrigins(ctx: AppContext, now = Date.now()): Promise<ReadonlySet<string>> {
  const cached = originsCache.get(ctx);
  if (cached && now - cached.at < ORIGINS_CACHE_MS) return cached.origins;
  const origins = loadWidgetSettings(ctx).then((s) => new Set(s.allowed_origins));
  // A failed read is not kept: the next request asks again.
  origins.catch(() => originsCache.delete(ctx));
  originsCache.set(ctx, { at: now, origins });
  return origins;
}

export function forgetAllowedOrigins(ctx: AppContext): void {
  originsCache.delete(ctx);
}

/** `https://Example.com:443/` → `https://example.com`; null for anything but an http(s) origin alone. */
export function normalizeOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) return null;
  return url.origin;
}
