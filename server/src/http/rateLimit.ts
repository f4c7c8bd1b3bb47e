import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { ClusterContext } from "../cluster/redis.js";
import { HttpError } from "./errors.js";

/**
 * Per-IP and per-e-mail limits for the identity routes, so the server cannot be used to guess
 * passwords, spam mailboxes or enumerate accounts. The counts live in Redis when the node is part
 * of a cluster, so every node enforces one limit (docs/CLUSTER.md "Rate limits"), and in this
 * process's memory on a single node. Both are `rate-limiter-flexible` fixed windows: a key's
 * window opens with its first attempt and its count starts over when the window ends.
 */
export type LimitName = "login" | "magicLink" | "register" | "checkEmail" | "guest" | "widgetVisitor" | "widgetMessage" | "notifyTest";

export interface LimitRule {
  /** Attempts per window from one client address. */
  perIp: number;
  /** Attempts per window naming one e-mail address. */
  perEmail: number;
  /** The window; counted in whole seconds (rounded up), as the store keeps its expiries. */
  windowMs: number;
}

export type RateLimitOverrides = Partial<Record<LimitName, Partial<LimitRule>>>;

export const DEFAULT_RATE_LIMITS: Record<LimitName, LimitRule> = {
  // Password, magic-link and third-party logins.
  login: { perIp: 30, perEmail: 10, windowMs: 60_000 },
  // Every route that sends (or would send) a link by mail: login links, registration links.
  magicLink: { perIp: 10, perEmail: 3, windowMs: 600_000 },
  register: { perIp: 10, perEmail: 5, windowMs: 600_000 },
  checkEmail: { perIp: 30, perEmail: 10, windowMs: 60_000 },
  // Each guest login creates an account.
  guest: { perIp: 10, perEmail: 0, windowMs: 60_000 },
  // Each widget visitor is an account (per client address), and visitors' messages (keyed by
  // the visitor's uid, not an address: docs/API.md "Widget").
  widgetVisitor: { perIp: 10, perEmail: 0, windowMs: 600_000 },
  widgetMessage: { perIp: 20, perEmail: 0, windowMs: 60_000 },
  // A notification channel's test send (keyed by the user, not an address): the server makes an
  // outbound request for each, so it is not a free HTTP client (docs/API.md "Notification channels").
  notifyTest: { perIp: 10, perEmail: 0, windowMs: 60_000 },
};

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";

/** A key that went over its limit: reported once per window (the audit log records it). */
export interface LimitReached {
  name: LimitName;
  /** Which count is full: the client address's or the e-mail address's. */
  by: "ip" | "email";
  ip: string;
  email: string | null;
}

/** What the limiter needs of the cluster: its Redis connection (null on a single node) and key names. */
export type RateLimitStore = Pick<ClusterContext, "redis" | "key">;

interface Attempt {
  by: "ip" | "email";
  key: string;
  max: number;
}

export class RateLimiter {
  private readonly rules: Record<LimitName, LimitRule>;
  /** One counter per limit and kind (`login:ip`, `login:email` …), built on first use. */
  private readonly counters = new Map<string, RateLimiterAbstract>();
  /** Called when a key first goes over its limit in a window (app.ts writes the audit log). */
  onLimitReached: (event: LimitReached) => void = () => {};

  constructor(
    overrides: RateLimitOverrides = {},
    private readonly store: RateLimitStore | null = null,
  ) {
    this.rules = { ...DEFAULT_RATE_LIMITS };
    for (const name of Object.keys(overrides) as LimitName[]) {
      this.rules[name] = { ...DEFAULT_RATE_LIMITS[name], ...overrides[name] };
    }
  }

  rule(name: LimitName): LimitRule {
    return this.rules[name];
  }

  /**
   * Counts one attempt for the address and, when given, the e-mail (trimmed, lower-cased).
   * Answers 0 when it is allowed, else the seconds until the window that refused it ends. A
   * refused attempt takes nothing from the counts that still had room (their point is given
   * back), so a full e-mail count does not use up the client's own. A limit of 0 is no limit.
   */
  async hit(name: LimitName, ip: string, email?: string | null): Promise<number> {
    const rule = this.rules[name];
    const address = email ? email.trim().toLowerCase() : null;
    const attempts: Attempt[] = [];
    if (rule.perIp > 0) attempts.push({ by: "ip", key: ip, max: rule.perIp });
    // The e-mail is kept as a digest: the store (Redis in a cluster) holds no addresses.
    if (address && rule.perEmail > 0) attempts.push({ by: "email", key: createHash("sha256").update(address).digest("hex").slice(0, 32), max: rule.perEmail });
    if (attempts.length === 0) return 0;
    const results = await Promise.all(
      attempts.map(async (attempt) => {
        const counter = this.counter(name, attempt.by, attempt.max);
        try {
          return { attempt, counter, allowed: true, res: await counter.consume(attempt.key) };
        } catch (err) {
          // The library rejects with a RateLimiterRes when the count is full, with an Error otherwise.
          if (err instanceof RateLimiterRes) return { attempt, counter, allowed: false, res: err };
          throw err;
        }
      }),
    );
    const refused = results.filter((r) => !r.allowed);
    if (refused.length === 0) return 0;
    // A lost give-back only counts one attempt too many; it must not fail the request.
    await Promise.all(results.filter((r) => r.allowed).map((r) => r.counter.reward(r.attempt.key).catch(() => undefined)));
    // Refused attempts still raise the count past the limit, so exactly one caller (on any node)
    // sees it step from full to full + 1: that one reports, once per window and cluster-wide.
    for (const { attempt, res } of refused) {
      if (res.consumedPoints === attempt.max + 1) this.onLimitReached({ name, by: attempt.by, ip, email: address });
    }
    return Math.max(1, Math.ceil(Math.max(...refused.map((r) => r.res.msBeforeNext)) / 1000));
  }

  /** Throws a 429 (with `Retry-After`) when the attempt is over a limit. */
  async enforce(reply: FastifyReply, name: LimitName, ip: string, email?: string | null): Promise<void> {
    const retryAfter = await this.hit(name, ip, email);
    if (retryAfter > 0) {
      reply.header("Retry-After", String(retryAfter));
      throw new HttpError(429, TOO_MANY_REQUESTS);
    }
  }

  private counter(name: LimitName, by: "ip" | "email", points: number): RateLimiterAbstract {
    const id = `${name}:${by}`;
    let counter = this.counters.get(id);
    if (counter) return counter;
    const duration = Math.max(1, Math.ceil(this.rules[name].windowMs / 1000));
    const keyPrefix = this.store ? this.store.key(`ratelimit:${id}`) : `ratelimit:${id}`;
    const memory = new RateLimiterMemory({ points, duration, keyPrefix });
    const redis = this.store?.redis;
    counter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points,
          duration,
          keyPrefix,
          // While Redis is away, each node counts in its memory instead of queueing sign-ins
          // behind the reconnect (docs/CLUSTER.md "Rate limits").
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    this.counters.set(id, counter);
    return counter;
  }
}
