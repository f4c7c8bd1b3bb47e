import type { FastifyReply, FastifyRequest } from "fastify";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { HttpError, unauthorized } from "../http/errors.js";
import { isWidgetDevice, visitorPolicy, VISITOR_SEND_ROUTE } from "../policies/widget.js";

export { WIDGET_DEVICE } from "../policies/widget.js";

/**
 * Run by every session guard after the token checked out: a widget's session (device `widget`,
 * or `widget:<host>` for a person signed in there) reaches only what `visitorPolicy` allows, and
 * its sends to the host are rate-limited per visitor. A blocked (frozen) visitor is refused at
 * once, without waiting for its access token to run out.
 */
export async function checkVisitorRequest(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, claims: TokenClaims): Promise<void> {
  if (!isWidgetDevice(claims.device)) return;
  const visitor = await ctx.repos.users.byId(claims.uid);
  const host = visitor ? visitorPolicy.hostOf(visitor, claims.device) : null;
  if (!visitor || host === null) throw unauthorized();
  const route = request.routeOptions.url ?? "";
  const verdict = visitorPolicy.mayCall(route, (request.params ?? {}) as Record<string, unknown>, host, visitor.status === "frozen");
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.text);
  if (route === VISITOR_SEND_ROUTE) {
    // Keyed by the visitor, not its address: many visitors may share one (an office, a NAT).
    await ctx.identity.limiter.enforce(reply, "widgetMessage", `visitor:${visitor.uid}`);
  }
}
