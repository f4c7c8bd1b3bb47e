import { createHash } from "node:crypto";
import { EMPTY_OPEN_GRAPH, type OpenGraphObject } from "@parley/protocol";
import type { ClusterContext } from "../cluster/redis.js";
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
  /**
   * The cluster: with its Redis connection, results are kept there too, so a page one node
   * fetched is answered by every node (docs/CLUSTER.md "Link previews"). Absent or without
   * Redis (a single node), this process's cache is the only one.
   */
  shared?: Pick<ClusterContext, "redis" | "key">;
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

/** What a node writes to Redis: the object (null for a failure) and when it stops being valid. */
interface SharedEntry {
  value: OpenGraphObject | null;
  expires: number;
}

/** A Redis command for the cache that has not answered in this time is given up: a preview never waits on Redis. */
const SHARED_TIMEOUT_MS = 500;

/**
 * Link previews (`GET /resource/open_graphic_parse`): fetches a page through the SSRF-safe
 * fetcher, reads its Open Graph object and keeps it for 24 hours (per URL and language) in this
 * process and, in a cluster, in Redis, which the nodes read before fetching. It never throws:
 * every failure is the all-empty object.
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
      pending = this.lookup(key, target, language).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const value = await pending;
    return { value, ok: value !== EMPTY_OPEN_GRAPH };
  }

  /** The cluster's cache first (when there is one), then the page itself. */
  private async lookup(key: string, target: string, language: string): Promise<OpenGraphObject> {
    const shared = await this.readShared(key);
    if (shared) {
      const value = shared.value ?? EMPTY_OPEN_GRAPH;
      this.remember(key, value, shared.expires);
      return value;
    }
    return this.load(target, language);
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
    const key = `${language}\n${target}`;
    const expires = Date.now() + (value === EMPTY_OPEN_GRAPH ? FAILURE_TTL_MS : DAY_MS);
    this.remember(key, value, expires);
    await this.writeShared(key, value, expires);
    return value;
  }

  private remember(key: string, value: OpenGraphObject, expires: number): void {
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { value, expires });
  }

  /** A live entry of the cluster's cache; null on a miss, on a single node, or while Redis is away. */
  private async readShared(key: string): Promise<SharedEntry | null> {
    const shared = this.opts.shared;
    // Commands wait for a reconnect in ioredis's offline queue: while Redis is away, skip it.
    if (!shared?.redis || shared.redis.status !== "ready") return null;
    try {
      const raw = await withTimeout(shared.redis.get(sharedKey(shared, key)));
      if (!raw) return null;
      const entry = JSON.parse(raw) as SharedEntry;
      return typeof entry.expires === "number" && entry.expires > Date.now() ? entry : null;
    } catch {
      return null;
    }
  }

  /** Stores a result for the other nodes with the same lifetime as here (SET … PX). */
  private async writeShared(key: string, value: OpenGraphObject, expires: number): Promise<void> {
    const shared = this.opts.shared;
    if (!shared?.redis || shared.redis.status !== "ready") return;
    const entry: SharedEntry = { value: value === EMPTY_OPEN_GRAPH ? null : value, expires };
    try {
      await withTimeout(shared.redis.set(sharedKey(shared, key), JSON.stringify(entry), "PX", Math.max(1, expires - Date.now())));
    } catch {
      // The other nodes fetch the page themselves: a lost write costs a request, not an answer.
    }
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

/** The Redis key of a (language, URL) pair: a digest, so a long URL makes a short key. */
function sharedKey(shared: NonNullable<LinkPreviewOptions["shared"]>, key: string): string {
  return shared.key(`preview:${createHash("sha256").update(key).digest("hex")}`);
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("redis: no answer")), SHARED_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
