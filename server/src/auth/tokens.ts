import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import type { Uid } from "@parley/protocol";

/**
 * The claims VoceChat bakes into both tokens; clients treat them as opaque (docs/API.md
 * "Authentication").
 */
export interface TokenClaims {
  uid: Uid;
  device: string;
  is_admin: boolean;
  is_guest: boolean;
}

type Kind = "AccessToken" | "RefreshToken";

interface Payload {
  d: TokenClaims;
  t: Kind;
  n: string;
  exp: number;
}

/** The protected header `sign` writes (base64url of `{"alg":"HS256"}`); no other is accepted. */
const HS256_HEADER = Buffer.from(JSON.stringify({ alg: "HS256" })).toString("base64url");

/** Access tokens already verified, so that each request does not pay for an HMAC check again. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /**
   * The HMAC key, imported once: given raw bytes, jose imports them into WebCrypto on every
   * sign and verify, which was most of a check's cost (57 vs 23 µs, docs/PERFORMANCE.md
   * "Cluster and reconnect storm").
   */
  private readonly key: Promise<CryptoKey>;
  /**
   * token → its claims and expiry (ms), for tokens whose signature checked out. A token is an
   * immutable signed value, so the verdict holds until it expires; the map is bounded, dropping
   * the oldest entry (Map keeps insertion order).
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expMs: number }>();
  /** The same key for node:crypto's synchronous HMAC, which checks a token (see `check`). */
  private readonly rawKey: Buffer;

  constructor(
    serverKey: string,
    readonly accessTtlS: number,
    readonly refreshTtlS: number,
  ) {
    this.rawKey = Buffer.from(serverKey, "utf8");
    this.key = crypto.subtle.importKey("raw", new Uint8Array(this.rawKey), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  }

  /**
   * The payload of a token this server signed (compact JWS, HS256 and nothing else), or null.
   * Checked with node:crypto's synchronous HMAC rather than jose's WebCrypto verify: the same
   * check without a promise and a WebCrypto job per token, 13–25 µs of CPU against 62–142 µs in
   * one run, which a reconnect storm pays once per stream (docs/PERFORMANCE.md "Cluster and
   * reconnect storm"). Signing stays with jose. The header must be exactly what `sign` writes,
   * so no other algorithm (`none`, RS256 with this key as a public key…) or `crit` extension
   * is ever considered; the MAC covers the exact header and payload text, compared in constant
   * time.
   */
  private check(token: string, { checkExpiry }: { checkExpiry: boolean }): Payload | null {
    const first = token.indexOf(".");
    const last = token.lastIndexOf(".");
    if (first <= 0 || last === first || token.indexOf(".", first + 1) !== last) return null;
    if (token.slice(0, first) !== HS256_HEADER) return null;
    const mac = createHmac("sha256", this.rawKey).update(token.slice(0, last)).digest();
    const signature = Buffer.from(token.slice(last + 1), "base64url");
    if (signature.length !== mac.length || !timingSafeEqual(signature, mac)) return null;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(token.slice(first + 1, last), "base64url").toString("utf8")) as Payload;
    } catch {
      return null;
    }
    if (typeof payload !== "object" || payload === null || typeof payload.exp !== "number" || typeof payload.d !== "object") return null;
    if (checkExpiry && payload.exp * 1000 <= Date.now()) return null;
    return payload;
  }

  private async sign(claims: TokenClaims, kind: Kind, ttlS: number): Promise<string> {
    return new SignJWT({ d: claims, t: kind, n: randomBytes(8).toString("hex") })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
      .sign(await this.key);
  }

  async issue(claims: TokenClaims): Promise<{ token: string; refresh_token: string; expired_in: number }> {
    const [token, refresh_token] = await Promise.all([
      this.sign(claims, "AccessToken", this.accessTtlS),
      this.sign(claims, "RefreshToken", this.refreshTtlS),
    ]);
    return { token, refresh_token, expired_in: this.accessTtlS };
  }

  /**
   * A valid, unexpired access token's claims, or null. `remember: false` (an event stream,
   * which verifies its token once for hours) uses the cache but does not add to it: the cache
   * is for the REST calls that present the same token again and again, and 10,000 streams
   * would otherwise keep 10,000 entries (half a kilobyte each) for nothing.
   */
  async verifyAccess(token: string, { remember = true }: { remember?: boolean } = {}): Promise<TokenClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expMs > Date.now()) return hit.claims;
      this.verified.delete(token);
      return null;
    }
    const payload = this.check(token, { checkExpiry: true });
    if (payload?.t !== "AccessToken") return null;
    if (remember) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims: payload.d, expMs: payload.exp * 1000 });
    }
    return payload.d;
  }

  /**
   * Renewal checks the access token's signature but not its expiry (docs/API.md "Authentication").
   */
  async verifyAccessIgnoringExpiry(token: string): Promise<TokenClaims | null> {
    const payload = this.check(token, { checkExpiry: false });
    return payload?.t === "AccessToken" ? payload.d : null;
  }

  async verifyRefresh(token: string): Promise<{ claims: TokenClaims; exp: number } | null> {
    const payload = this.check(token, { checkExpiry: true });
    return payload?.t === "RefreshToken" ? { claims: payload.d, exp: payload.exp * 1000 } : null;
  }
}

/** Refresh tokens are stored only as this digest. */
export const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

export const sameClaims = (a: TokenClaims, b: TokenClaims): boolean =>
  a.uid === b.uid && a.device === b.device && a.is_admin === b.is_admin && a.is_guest === b.is_guest;
