import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { badRequest, forbidden, unauthorized } from "../http/errors.js";
import { BotKeysRepo, touchBotKey } from "../repos/botKeys.js";
import { hashBotKey, looksLikeBotKey } from "./botKeys.js";
import type { TokenClaims } from "./tokens.js";
import { checkVisitorRequest } from "../widget/visitors.js";

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
  /** `BK`: a bot API key (the `/api/bot` routes only; access tokens are refused there). */
  bot: Guard;
}

/** A key's `last_used` is written at most this often, not on every request. */
export const BOT_KEY_TOUCH_INTERVAL_MS = 60_000;

/** The device name a bot acting through its API key has in its claims. */
export const BOT_KEY_DEVICE = "bot_api_key";

/**
 * The `X-API-Key` checks of the Auth column (docs/API.md "Authentication"). Routes run them as
 * `preValidation` hooks, before Fastify checks the request against the route's schemas, so a
 * caller without the right session gets its 401 or 403 before any 400 (`onRequest` where the body
 * must not even be read: uploads, pictures).
 */
export function createGuards(ctx: AppContext): Guards {
  const botKeys = new BotKeysRepo(ctx.db);
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<TokenClaims> {
    const header = request.headers["x-api-key"];
    const token = Array.isArray(header) ? header[0] : header;
    const claims = token ? await ctx.tokens.verifyAccess(token) : null;
    if (!claims) throw unauthorized();
    // A widget visitor's session reaches the widget's routes only (docs/API.md "Widget").
    await checkVisitorRequest(ctx, request, reply, claims);
    request.claims = claims;
    return claims;
  }
  return {
    async user(request: FastifyRequest, reply: FastifyReply) {
      await authenticate(request, reply);
    },
    async member(request: FastifyRequest, reply: FastifyReply) {
      const claims = await authenticate(request, reply);
      if (claims.is_guest) throw forbidden("guests cannot do this");
    },
    async admin(request: FastifyRequest, reply: FastifyReply) {
      const claims = await authenticate(request, reply);
      if (!claims.is_admin) throw forbidden("admin only");
    },
    /**
     * A bot key acts as its bot, never as an admin (a bot's rights come from where it is a
     * member). A missing header is a 400, as VoceChat answers; an unknown or revoked key, or
     * one whose bot was deleted or frozen, a 401. A bot key is not a token, so every other
     * guard refuses it (401).
     */
    async bot(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers["x-api-key"];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) throw badRequest("failed to parse header x-api-key: required");
      const found = looksLikeBotKey(key) ? await botKeys.usableByHash(hashBotKey(key)) : undefined;
      if (!found) throw unauthorized();
      const now = Date.now();
      if (found.last_used === null || now - found.last_used >= BOT_KEY_TOUCH_INTERVAL_MS) {
        await touchBotKey(ctx.db, found.id, now, BOT_KEY_TOUCH_INTERVAL_MS);
      }
      request.claims = { uid: found.uid, device: BOT_KEY_DEVICE, is_admin: false, is_guest: false };
    },
  };
}

/** The claims set by a guard; routes behind a guard can rely on them. */
export function claimsOf(request: FastifyRequest): TokenClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}
