import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { forbidden, unauthorized } from "../../http/errors.js";
import { parse } from "../../http/validate.js";
import { connectSequence } from "./connect.js";
import { eventsQuery } from "./schema.js";

/** `GET /user/events`: the SSE stream (contract §5). */
export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/user/events", async (req, reply) => {
    const q = parse(eventsQuery, req.query, "query");
    const claims = q["api-key"] ? await ctx.tokens.verifyAccess(q["api-key"]) : null;
    if (!claims) throw unauthorized();
    // A logged-out or deleted device has no row: its still-valid access token cannot stream.
    const device = await ctx.db
      .selectFrom("devices")
      .select("uid")
      .where("uid", "=", claims.uid)
      .where("device", "=", claims.device)
      .executeTakeFirst();
    if (!device) throw forbidden("unknown device");

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    req.raw.socket.setNoDelay(true);

    // Subscribe before reading the backlog; live events wait in the connection until it is
    // written, and chat events already replayed are dropped there (de-duplication by mid).
    const conn = ctx.hub.register(claims.uid, claims.device, claims.is_guest, res);
    try {
      for await (const event of connectSequence(ctx, claims, {
        afterMid: q.after_mid ?? null,
        usersVersion: q.users_version ?? null,
        limit: q.limit ?? null,
      })) {
        if (conn.isClosed) return;
        conn.writeInitial(event);
      }
      conn.goLive();
    } catch (err) {
      req.log.error({ err }, "event stream connect failed");
      conn.close();
    }
  });
}
