import type { FastifyReply } from "fastify";
import { HttpError } from "./errors.js";

/**
 * Per-IP and per-e-mail sliding-window limits for the identity routes, so the server cannot be
 * used to guess passwords, spam mailboxes or enumerate accounts. The windows live in this
 * process's memory: every node of a cluster counts on its own, so a cluster needs a shared
 * store (e.g. Redis) behind the same interface to enforce one limit across nodes.
 */
export type LimitName = "login" | "magicLink" | "register" | "checkEmail" | "guest";

export interface LimitRule {
  /** Attempts per window from one client address. */
  perIp: number;
  /** Attempts per window naming one e-mail address. */
  perEmail: number;
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
};

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";

/** How many keys may pile up before the limiter drops the windows that are already empty. */
const PRUNE_EVERY = 1_024;

/** A key that went over its limit: reported once per window (the audit log records it). */
export interface LimitReached {
  name: LimitName;
  /** Which count is full: the client address's or the e-mail address's. */
  by: "ip" | "email";
  ip: string;
  email: string | null;
}

export class RateLimiter {
  private readonly rules: Record<LimitName, LimitRule>;
  /** Attempt times (ms), oldest first, per `name|kind|value`. */
  private readonly windows = new Map<string, number[]>();
  /** Until when a full key has been reported, so an attacker's flood is one entry per window. */
  private readonly reported = new Map<string, number>();
  private sincePrune = 0;
  /** Called when a key first goes over its limit in a window (app.ts writes the audit log). */
  onLimitReached: (event: LimitReached) => void = () => {};

  constructor(overrides: RateLimitOverrides = {}) {
    this.rules = { ...DEFAULT_RATE_LIMITS };
    for (const name of Object.keys(overrides) as LimitName[]) {
      this.rules[name] = { ...DEFAULT_RATE_LIMITS[name], ...overrides[name] };
    }
  }

  rule(name: LimitName): LimitRule {
    return this.rules[name];
  }

  /**
   * Counts one attempt for the address and, when given, the e-mail (lower-cased). Answers 0
   * when it is allowed, else the seconds until the busiest window frees a slot; a refused
   * attempt is not counted, so waiting always helps. A limit of 0 is no limit.
   */
  hit(name: LimitName, ip: string, email?: string | null, now = Date.now()): number {
    const rule = this.rules[name];
    const keys: [string, number][] = [[`${name}|ip|${ip}`, rule.perIp]];
    if (email) keys.push([`${name}|email|${email.trim().toLowerCase()}`, rule.perEmail]);
    let wait = 0;
    const live: [string, number[]][] = [];
    for (const [key, max] of keys) {
      if (max <= 0) continue;
      const times = this.recent(key, now, rule.windowMs);
      if (times.length >= max) {
        const freesAt = times[0] + rule.windowMs;
        wait = Math.max(wait, freesAt - now);
        if ((this.reported.get(key) ?? 0) <= now) {
          this.reported.set(key, freesAt);
          const by = key.startsWith(`${name}|ip|`) ? "ip" : "email";
          this.onLimitReached({ name, by, ip, email: email ? email.trim().toLowerCase() : null });
        }
      }
      live.push([key, times]);
    }
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    for (const [key, times] of live) {
      times.push(now);
      this.windows.set(key, times);
    }
    if (++this.sincePrune >= PRUNE_EVERY) this.prune(now);
    return 0;
  }

  /** Throws a 429 (with `Retry-After`) when the attempt is over a limit. */
  enforce(reply: FastifyReply, name: LimitName, ip: string, email?: string | null): void {
    const retryAfter = this.hit(name, ip, email);
    if (retryAfter > 0) {
      reply.header("Retry-After", String(retryAfter));
      throw new HttpError(429, TOO_MANY_REQUESTS);
    }
  }

  /** Forgets every window (tests). */
  reset(): void {
    this.windows.clear();
    this.reported.clear();
  }

  private recent(key: string, now: number, windowMs: number): number[] {
    const times = this.windows.get(key) ?? [];
    let drop = 0;
    while (drop < times.length && times[drop] <= now - windowMs) drop++;
    return drop > 0 ? times.slice(drop) : times;
  }

  private prune(now: number): void {
    this.sincePrune = 0;
    for (const [key, times] of this.windows) {
      const rule = this.rules[key.slice(0, key.indexOf("|")) as LimitName];
      if (times.length === 0 || times[times.length - 1] <= now - rule.windowMs) this.windows.delete(key);
    }
    for (const [key, until] of this.reported) if (until <= now) this.reported.delete(key);
  }
}
