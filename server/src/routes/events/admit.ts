import type { IncomingMessage } from "node:http";
import type * as z from "zod";
import type { TokenClaims } from "../../auth/tokens.js";
import type { AppContext } from "../../context.js";
import type { SseConnection } from "../../events/connection.js";
import { forbidden, HttpError, unauthorized } from "../../http/errors.js";
import { parse } from "../../http/validate.js";
import { isWidgetDevice } from "../../policies/widget.js";
import { connectSequence } from "./connect.js";
import { connectCache } from "./connectCache.js";
import { eventsQuery } from "./schema.js";

export type EventsQuery = z.infer<typeof eventsQuery>;

/**
 * The checks before an event stream opens, the same for the SSE stream and the socket
 * (docs/API.md "Event stream"): the query, the access token, a device that still exists, and a
 * bus that hears every node. Throws an `HttpError` for each refusal.
 *
 * The access token rides in the query string (docs/API.md "Framing"), and the request object
 * lives as long as the stream: `req.url` is replaced by `path`, so the token is not held in
 * memory for hours (its 300 bytes are 4 % of an idle stream's budget, docs/PERFORMANCE.md).
 */
export async function admitEventStream(ctx: AppContext, req: IncomingMessage, path: string): Promise<{ claims: TokenClaims; query: EventsQuery }> {
  const query = parse(eventsQuery, Object.fromEntries(new URL(req.url ?? "", "http://x").searchParams), "query");
  req.url = path;
  const claims = query["api-key"] ? await ctx.tokens.verifyAccess(query["api-key"], { remember: false }) : null;
  if (!claims) throw unauthorized();
  // The streams send the user directory and the public channels, which a widget visitor may
  // not read: the widget has its own stream (docs/API.md "Widget").
  if (isWidgetDevice(claims.device)) throw forbidden("visitors can only use the widget");
  // A logged-out or deleted device has no row: its still-valid access token cannot stream.
  // (Checked with the other streams opening meanwhile in one query: connect.ts `TurnGather`.)
  if (!(await connectCache(ctx).device.get({ uid: claims.uid, device: claims.device }))) throw forbidden("unknown device");
  // A cluster node cut off from Redis would miss the other nodes' events (docs/CLUSTER.md).
  if (!ctx.bus.hearsAll) throw new HttpError(503, "event bus unavailable, retry shortly");
  return { claims, query };
}

/**
 * Writes the connect sequence into a connection registered beforehand (live events wait in it
 * meanwhile; chat events already replayed are dropped there, de-duplication by mid), then lets
 * the live events through. A failure is handed to `onError` and closes the connection.
 */
export async function replayThenLive(ctx: AppContext, claims: TokenClaims, query: EventsQuery, conn: SseConnection, onError: (err: unknown) => void): Promise<void> {
  try {
    for await (const item of connectSequence(ctx, claims, {
      afterMid: query.after_mid ?? null,
      usersVersion: query.users_version ?? null,
      limit: query.limit ?? null,
    })) {
      if (conn.isClosed) return;
      if ("replayed" in item) conn.writeReplayed(item.replayed.frames, item.replayed.mids);
      else if ("frame" in item) conn.write(item.frame);
      else conn.writeInitial(item.event, { shared: item.shared });
    }
    conn.goLive();
  } catch (err) {
    onError(err);
    conn.close();
  }
}
