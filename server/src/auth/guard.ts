import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { forbidden, unauthorized } from "../http/errors.js";
import type { TokenClaims } from "./tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The verified access-token claims; set by the auth guards. */
    claims: TokenClaims | null;
  }
}

/** A route hook that refuses the request (401, 403) or sets `request.claims`. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  /** `T`: any valid access token (guests included). */
  user: Guard;
  /** `T,G`: a valid token that is not a guest's. */
  member: Guard;
  /** `T+admin`. */
  admin: Guard;
}

/**
 * The `X-API-Key` checks of the Auth column (docs/API.md "Authentication"). Routes run them as
 * `preValidation` hooks, before Fastify checks the request against the route's schemas, so a
 * caller without the right session gets its 401 or 403 before any 400 (`onRequest` where the body
 * must not even be read: uploads, pictures).
 */
export function createGuards(ctx: AppContext): Guards {
  async function authenticate(request: FastifyRequest): Promise<TokenClaims> {
    const header = request.headers["x-api-key"];
    const token = Array.isArray(header) ? header[0] : header;
    const claims = token ? await ctx.tokens.verifyAccess(token) : null;
    if (!claims) throw unauthorized();
    request.claims = claims;
    return claims;
  }
  return {
    async user(request: FastifyRequest, _reply: FastifyReply) {
      await authenticate(request);
    },
    async member(request: FastifyRequest, _reply: FastifyReply) {
      const claims = await authenticate(request);
      if (claims.is_guest) throw forbidden("guests cannot do this");
    },
    async admin(request: FastifyRequest, _reply: FastifyReply) {
      const claims = await authenticate(request);
      if (!claims.is_admin) throw forbidden("admin only");
    },
  };
}

/** The claims set by a guard; routes behind a guard can rely on them. */
export function claimsOf(request: FastifyRequest): TokenClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}
