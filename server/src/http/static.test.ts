import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSuite } from "../test/suite.js";

/** The web client is served from WEB_DIST with a SPA fallback, a CSP, and long-lived assets. */
describe("serving the web client", () => {
  // The built client: its folder is made before the suite's server starts and removed after it stops.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "parley-dist-"));
  beforeAll(() => {
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>shell</title>");
    fs.writeFileSync(path.join(dist, "assets", "app-123.js"), "console.log(1)");
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const suite = useSuite("sqlite", { per: "file", config: { webDist: dist } });

  it("serves the shell at / and for client routes (GET and HEAD), with a same-origin CSP", async () => {
    const { s } = suite;
    for (const url of ["/", "/login", "/chat/channel/1", "/invite_private/3?magic_token=x"]) {
      const res = await s.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>shell</title>");
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
    }
    expect((await s.app.inject({ method: "HEAD", url: "/login" })).statusCode).toBe(200);
  });

  it("caches hashed assets for a year and answers 404 for missing files and unknown API paths", async () => {
    const { s } = suite;
    const asset = await s.app.inject({ method: "GET", url: "/assets/app-123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await s.app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
    const api = await s.app.inject({ method: "GET", url: "/api/no/such/route" });
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toContain("text/plain");
    expect((await s.app.inject({ method: "POST", url: "/login" })).statusCode).toBe(404);
  });
});
