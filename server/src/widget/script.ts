import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";

/**
 * `GET /widget.js`: the embeddable widget, built by `web/vite.widget.config.ts` into `widget/` of
 * the client's folder. Its URL has no hash (sites embed it by name), so it is cached for a day and then
 * revalidated with its ETag: an upgrade reaches every site within a day.
 */
export function installWidgetScript(app: FastifyInstance, webDist: string | null): void {
  const file = webDist ? path.join(webDist, "widget", "widget.js") : null;
  let loaded: { body: Buffer; etag: string } | null = null;
  app.get("/widget.js", async (req, reply) => {
    if (!file || !fs.existsSync(file)) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    if (!loaded) {
      const body = await fs.promises.readFile(file);
      loaded = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    }
    reply
      .header("ETag", loaded.etag)
      .header("Cache-Control", "public, max-age=86400")
      .header("X-Content-Type-Options", "nosniff")
      // Loaded by other sites' pages: a cross-origin `<script>` is what it is for.
      .header("Cross-Origin-Resource-Policy", "cross-origin");
    if (req.headers["if-none-match"] === loaded.etag) return reply.code(304).send();
    return reply.type("text/javascript; charset=utf-8").send(loaded.body);
  });
}
