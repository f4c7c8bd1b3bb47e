import { createHash, randomBytes } from "node:crypto";
import { SignJWT, compactVerify, jwtVerify } from "jose";
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

  constructor(
    serverKey: string,
    readonly accessTtlS: number,
    readonly refreshTtlS: number,
  ) {
    this.key = crypto.subtle.importKey("raw", new TextEncoder().encode(serverKey), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
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
    try {
      const { payload } = await jwtVerify<Payload>(token, await this.key, { algorithms: ["HS256"] });
      if (payload.t !== "AccessToken") return null;
      if (remember) {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, { claims: payload.d, expMs: payload.exp * 1000 });
      }
      return payload.d;
    } catch {
      return null;
    }
  }

  /**
   * Renewal checks the access token's signature but not its expiry (docs/API.md "Authentication").
   */
  async verifyAccessIgnoringExpiry(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await compactVerify(token, await this.key, { algorithms: ["HS256"] });
      const body = JSON.parse(new TextDecoder().decode(payload)) as Payload;
      return body.t === "AccessToken" ? body.d : null;
    } catch {
      return null;
    }
  }

  async verifyRefresh(token: string): Promise<{ claims: TokenClaims; exp: number } | null> {
    try {
      const { payload } = await jwtVerify<Payload>(token, await this.key, { algorithms: ["HS256"] });
      return payload.t === "RefreshToken" ? { claims: payload.d, exp: payload.exp * 1000 } : null;
    } catch {
      return null;
    }
  }
}

/** Refresh tokens are stored only as this digest. */
export const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

export const sameClaims = (a: TokenClaims, b: TokenClaims): boolean =>
  a.uid === b.uid && a.device === b.device && a.is_admin === b.is_admin && a.is_guest === b.is_guest;
