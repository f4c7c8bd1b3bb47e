import { EMPTY_OPEN_GRAPH, type OpenGraphObject } from "@parley/protocol";
import { ANY_ADDRESS, PUBLIC_ONLY, systemResolver, type AddressGate, type Resolver } from "./address.js";
import { fetchHtml } from "./fetch.js";

export interface LinkPreviewOptions {
  /** `PREVIEW_ALLOW_PRIVATE`: private, loopback and link-local targets are allowed. */
  allowPrivate: boolean;
  /**
   * Replaces the address rule; tests use it to admit one local server as if it were public
   * while everything else stays blocked. Production code never sets it.
   */
  gate?: AddressGate;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

const DAY_MS = 86_400_000;
/** Failures are remembered briefly, so one bad link cannot make the server fetch it again and again. */
const FAILURE_TTL_MS = 300_000;
const CACHE_ENTRIES = 1_000;
const MAX_CONCURRENT = 4;
const MAX_WAITING = 64;
const USER_AGENT = "Mozilla/5.0 (compatible; ParleyLinkPreview/1.0)";

interface Cached {
  value: OpenGraphObject;
  expires: number;
}

/**
 * Link previews (`GET /resource/open_graphic_parse`): fetches a page through the SSRF-safe
 * fetcher, reads its Open Graph object and keeps it for 24 hours in this process (per URL and
 * language). It never throws: every failure is the all-empty object.
 */
export class LinkPreviewService {
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<OpenGraphObject>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly gate: AddressGate;

  constructor(private readonly opts: LinkPreviewOptions) {
    this.gate = opts.gate ?? (opts.allowPrivate ? ANY_ADDRESS : PUBLIC_ONLY);
  }

  async preview(target: string, acceptLanguage?: string): Promise<{ value: OpenGraphObject; ok: boolean }> {
    const language = (acceptLanguage ?? "").slice(0, 100);
    const key = `${language}\n${target}`;
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return { value: hit.value, ok: hit.value !== EMPTY_OPEN_GRAPH };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(target, language).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const value = await pending;
    return { value, ok: value !== EMPTY_OPEN_GRAPH };
  }

  private async load(target: string, language: string): Promise<OpenGraphObject> {
    if (this.waiting.length >= MAX_WAITING) return EMPTY_OPEN_GRAPH; // overloaded: not cached
    await this.acquire();
    let value: OpenGraphObject = EMPTY_OPEN_GRAPH;
    try {
      const page = await fetchHtml(target, {
        gate: this.gate,
        resolve: this.opts.resolve ?? systemResolver,
        timeoutMs: this.opts.timeoutMs ?? 5_000,
        maxBytes: this.opts.maxBytes ?? 2 * 1024 * 1024,
        maxRedirects: this.opts.maxRedirects ?? 5,
        headers: {
          "user-agent": USER_AGENT,
          accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
          "accept-encoding": "gzip, deflate, br",
          ...(language ? { "accept-language": language } : {}),
        },
      });
      // The HTML parser loads with the first preview: a server with previews off never holds it.
      const { decodeHtml, parseOpenGraph } = await import("./opengraph.js");
      value = parseOpenGraph(decodeHtml(page.body, page.contentType), page.url);
    } catch {
      value = EMPTY_OPEN_GRAPH;
    } finally {
      this.release();
    }
    this.remember(`${language}\n${target}`, value);
    return value;
  }

  private remember(key: string, value: OpenGraphObject): void {
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { value, expires: Date.now() + (value === EMPTY_OPEN_GRAPH ? FAILURE_TTL_MS : DAY_MS) });
  }

  private acquire(): Promise<void> {
    if (this.running < MAX_CONCURRENT) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => resolve()));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
