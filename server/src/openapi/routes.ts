import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import * as z from "zod";
import type { RouteEntry } from "../app.js";
import type { ZodApp } from "../http/validate.js";
import { buildDocument, type OpenApiDocument } from "./document.js";

/**
 * Content-Security-Policy of the Swagger UI page: its own scripts and style from this server,
 * inline styles (its React components set style attributes), data: pictures (its icons), and
 * fetches to this origin (the document, "Try it out"). Nothing else, and only on this page.
 */
export const SWAGGER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** Swagger UI's files this page loads, from the swagger-ui-dist package (no CDN). */
const ASSETS = { "swagger-ui.css": "text/css; charset=utf-8", "swagger-ui-bundle.js": "text/javascript; charset=utf-8" } as const;
/**
 * The page's own start-up script (a file, as the CSP allows no inline script). The tags start
 * collapsed, with the filter box to find an operation: with every tag open (Swagger UI's
 * default "list") it stopped rendering after the first tag's nine operations once the document
 * passed about 140 operations (190 KB), with no error; collapsed, each tag renders all of its
 * operations when opened.
 */
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/api/spec", dom_id: "#swagger-ui", deepLinking: true, persistAuthorization: false, docExpansion: "none", filter: true });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley API · Swagger UI</title>
<link rel="stylesheet" href="/api/swagger/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/swagger/swagger-ui-bundle.js"></script>
<script src="/api/swagger/init.js"></script>
</body>
</html>
`;

const fileParams = z.object({ file: z.enum([...(Object.keys(ASSETS) as (keyof typeof ASSETS)[]), "init.js"]) });

/** Where swagger-ui-dist is installed (node_modules, also beside a compiled build). */
const assetDir = () => path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/**
 * `GET /api/spec` (the OpenAPI 3.1 document, docs/API.md "API documentation") and
 * `GET /api/swagger` (Swagger UI for it). Public, as the routes they describe are; the document
 * is made once, on the first request, when every route is registered.
 */
export function docsRoutes(app: ZodApp, routeTable: RouteEntry[]): void {
  let document: OpenApiDocument | null = null;
  let documentJson: string | null = null;
  const assets = new Map<string, Buffer>();

  app.get("/spec", async (_req, reply) => {
    document ??= buildDocument(routeTable);
    documentJson ??= JSON.stringify(document);
    return reply.type("application/json; charset=utf-8").header("Cache-Control", "no-cache").send(documentJson);
  });

  app.get("/swagger", async (_req, reply) =>
    reply.type("text/html; charset=utf-8").header("Content-Security-Policy", SWAGGER_CSP).header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-cache").send(PAGE),
  );

  app.get("/swagger/:file", { schema: { params: fileParams } }, async (req, reply) => {
    const { file } = req.params;
    reply.header("X-Content-Type-Options", "nosniff").header("Cache-Control", "public, max-age=86400");
    if (file === "init.js") return reply.type("text/javascript; charset=utf-8").send(INIT_SCRIPT);
    let body = assets.get(file);
    if (!body) {
      body = await fs.readFile(path.join(assetDir(), file));
      assets.set(file, body);
    }
    return reply.type(ASSETS[file]).send(body);
  });
}
