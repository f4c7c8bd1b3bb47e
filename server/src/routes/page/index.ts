import * as z from "zod";
import type { Guards } from "../../auth/guard.js";
import { loadPage, loadPageApiKey, PAGE_MAX, rotatePageApiKey, setPage } from "../../commands/widget.js";
import type { AppContext } from "../../context.js";
import { HttpError } from "../../http/errors.js";
import { answerEmpty, sendEmpty, sendJson } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { auditActorOf } from "../shared.js";
import { pageParams } from "../widget/schema.js";

/**
 * `/page/*` (docs/API.md "Widget"): the key of the pages' API and the two pages an admin writes
 * on the Widget settings page, `landing` and `after_signin`. Reading a page is public (as
 * VoceChat); writing and the key are the admin's.
 */
export function pageRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.get("/page/apikey", { preValidation: guards.admin }, async (_req, reply) => {
    return sendJson(reply, { key: await loadPageApiKey(ctx) });
  });

  app.post("/page/apikey", { preValidation: guards.admin }, async (req, reply) => {
    return sendJson(reply, { key: await rotatePageApiKey(ctx, auditActorOf(req)) });
  });

  app.get("/page/:name", { schema: { params: pageParams } }, async (req, reply) => {
    const text = await loadPage(ctx, req.params.name);
    // What an admin wrote is shown as text, never run as a page of this origin.
    return reply.type("text/plain; charset=utf-8").header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-cache").send(text);
  });

  app.put(
    "/page/:name",
    { preValidation: guards.admin, schema: { params: pageParams }, config: { rawBody: { contentTypes: ["text/plain"], text: z.string().max(PAGE_MAX) } } },
    async (req, reply) => {
      // No body at all is an empty page; a parsed one (JSON) is not a page.
      const text = typeof req.body === "string" ? req.body : req.body === undefined || req.body === null ? "" : null;
      if (text === null) throw new HttpError(415, "a page is sent as text/plain");
      await setPage(ctx, req.params.name, text, auditActorOf(req));
      return sendEmpty(reply);
    },
  );

  app.delete("/page/:name", { preValidation: guards.admin, schema: { params: pageParams } }, answerEmpty((req) => setPage(ctx, req.params.name, null, auditActorOf(req))));
}
