import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_OPEN_GRAPH, type OpenGraphObject } from "@parley/protocol";
import { PUBLIC_ONLY, type AddressGate, type Resolver } from "../../preview/address.js";
import { LinkPreviewService } from "../../preview/service.js";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildCast, type Cast } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { useSuite, type Suite } from "../../test/suite.js";

const PAGE = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Fallback title</title>
<meta property="og:type" content="article">
<meta property="og:title" content="Parley &amp; friends">
<meta property="og:description" content="A chat server that speaks VoceChat.">
<meta property="og:url" content="/canonical">
<meta property="og:site_name" content="Parley Blog">
<meta property="og:locale" content="en_US">
<meta property="og:locale:alternate" content="fr_FR">
<meta property="og:locale:alternate" content="de_DE">
<meta property="og:image" content="/img/cover.png">
<meta property="og:image:secure_url" content="https://cdn.example.com/cover.png">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="The cover">
<meta property="og:image" content="javascript:alert(1)">
<meta property="og:image" content="https://example.com/second.jpg">
<meta property="og:video" content="https://example.com/movie.mp4">
<meta property="og:video:type" content="video/mp4">
<meta property="og:video:width" content="640">
<meta property="og:audio" content="https://example.com/sound.mp3">
<link rel="shortcut icon" href="/favicon-32.png">
</head><body><svg><title>not the page title</title></svg><p>Hello</p></body></html>`;

describe.each(dialects())("GET /api/resource/open_graphic_parse (%s)", (dialect) => {
  // Two local web servers: A plays a public site (tests admit it by port), B an internal one.
  let siteA: http.Server;
  let siteB: http.Server;
  let portA: number;
  let portB: number;
  const hits = { a: [] as string[], b: [] as string[] };

  beforeAll(async () => {
    const start = async (handler: http.RequestListener) => {
      const server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return server;
    };
    siteA = await start((req, res) => {
      hits.a.push(req.url ?? "");
      switch (req.url) {
        case "/og":
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
          return;
        case "/lang":
          res.writeHead(200, { "content-type": "text/html" }).end(`<title>${req.headers["accept-language"] ?? "none"}</title>`);
          return;
        case "/plain":
          res.writeHead(200, { "content-type": "text/html" }).end("<html><head><title>  Just a   title </title><meta name=description content='desc'></head></html>");
          return;
        case "/latin1":
          res.writeHead(200, { "content-type": "text/html; charset=windows-1252" }).end(Buffer.from([...Buffer.from("<title>caf"), 0xe9, ...Buffer.from("</title>")]));
          return;
        case "/gzip":
          res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(zlib.gzipSync(PAGE));
          return;
        case "/redirect-ok":
          res.writeHead(302, { location: "/og" }).end();
          return;
        case "/redirect-private":
          res.writeHead(302, { location: `http://127.0.0.1:${portB}/og` }).end();
          return;
        case "/redirect-loop":
          res.writeHead(301, { location: "/redirect-loop" }).end();
          return;
        case "/json":
          res.writeHead(200, { "content-type": "application/json" }).end('{"og:title":"no"}');
          return;
        case "/big":
          res.writeHead(200, { "content-type": "text/html" });
          res.write(`<html><head><meta property="og:title" content="big"></head><body>`);
          res.end("x".repeat(300 * 1024));
          return;
        case "/big-declared":
          res.writeHead(200, { "content-type": "text/html", "content-length": String(10 * 1024 * 1024) });
          res.write("<title>declared</title>");
          setTimeout(() => res.destroy(), 200);
          return;
        case "/slow":
          res.writeHead(200, { "content-type": "text/html" });
          res.write("<title>slow");
          setTimeout(() => res.destroy(), 3_000);
          return;
        case "/error":
          res.writeHead(500, { "content-type": "text/html" }).end("<title>oops</title>");
          return;
        default:
          res.writeHead(404).end();
      }
    });
    siteB = await start((req, res) => {
      hits.b.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" }).end(`<meta property="og:title" content="internal secret">`);
    });
    portA = (siteA.address() as AddressInfo).port;
    portB = (siteB.address() as AddressInfo).port;
  });
  afterAll(async () => {
    siteA.closeAllConnections();
    siteB.closeAllConnections();
    await Promise.all([siteA, siteB].map((srv) => new Promise((resolve) => srv.close(resolve))));
  });

  beforeEach(() => {
    hits.a.length = 0;
    hits.b.length = 0;
  });

  /** Site A is admitted as if public; every other address follows the production rule. */
  const siteAIsPublic: AddressGate = { allows: (address, port) => (address === "127.0.0.1" && port === portA) || PUBLIC_ONLY.allows(address, port) };
  /** A preview through the server of `suite`, asked by Bob unless `who` is given. */
  const previewOn = (suite: Suite<Cast>) => async (url: string, who: Session | null = suite.seed.bob, headers: Record<string, string> = {}) => {
    const res = await call(suite.s, "GET", `/resource/open_graphic_parse?url=${encodeURIComponent(url)}`, who, undefined, headers);
    return { status: res.statusCode, body: res.statusCode === 200 ? (res.json() as OpenGraphObject) : null, headers: res.headers };
  };

  describe("with PREVIEW_ALLOW_PRIVATE on", () => {
    const suite = useSuite(dialect, { per: "file", config: { previewAllowPrivate: true }, seed: buildCast });
    const preview = previewOn(suite);

    it("reads the Open Graph object of a real page, cached for 24 hours", async () => {
      const { admin } = suite.seed;
      const first = await preview(`http://127.0.0.1:${portA}/og`);
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toBe("public, max-age=86400");
      expect(first.body).toEqual({
        type: "article",
        title: "Parley & friends",
        url: `http://127.0.0.1:${portA}/canonical`,
        images: [
          {
            url: `http://127.0.0.1:${portA}/img/cover.png`,
            secure_url: "https://cdn.example.com/cover.png",
            type: "image/png",
            width: 1200,
            height: 630,
            alt: "The cover",
          },
          { url: "https://example.com/second.jpg", secure_url: null, type: null, width: null, height: null, alt: null },
        ],
        audios: [{ url: "https://example.com/sound.mp3", secure_url: null, type: null }],
        videos: [{ url: "https://example.com/movie.mp4", secure_url: null, type: "video/mp4", width: 640, height: null }],
        favicon_url: `http://127.0.0.1:${portA}/favicon-32.png`,
        description: "A chat server that speaks VoceChat.",
        locale: "en_US",
        locale_alternate: ["fr_FR", "de_DE"],
        site_name: "Parley Blog",
      });
      assertMatches("Object", first.body);
      assertMatches("Object", EMPTY_OPEN_GRAPH);
      const again = await preview(`http://127.0.0.1:${portA}/og`, admin);
      expect(again.body).toEqual(first.body);
      expect(hits.a).toEqual(["/og"]);
      // The internal site is reachable too when the switch is on.
      expect((await preview(`http://127.0.0.1:${portB}/x`)).body?.title).toBe("internal secret");
    });
  });

  // The production rule: one server for the rest of the file, each test choosing its previewer.
  const suite = useSuite(dialect, { per: "file", seed: buildCast });
  const preview = previewOn(suite);
  const usePreview = (opts: { allowPrivate?: boolean; gate?: AddressGate; resolve?: Resolver } = {}) => {
    suite.s.ctx.files.preview = new LinkPreviewService({ allowPrivate: false, timeoutMs: 1_000, maxBytes: 256 * 1024, ...opts });
  };

  describe("with the switch off (production rule)", () => {
    it("blocks loopback, private, link-local and metadata addresses without connecting", async () => {
      usePreview();
      const blocked = [
        `http://127.0.0.1:${portA}/og`,
        `http://[::1]:${portA}/og`,
        `http://[::ffff:127.0.0.1]:${portA}/og`,
        `http://0x7f000001:${portA}/og`,
        `http://2130706433:${portA}/og`,
        "http://10.0.0.1/",
        "http://10.255.255.254:8080/x",
        "http://172.16.0.1/",
        "http://192.168.1.1/",
        "http://100.64.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00:ec2::254]/latest/meta-data/",
        "http://0.0.0.0/",
        "http://[::]/",
        "http://224.0.0.1/",
      ];
      for (const url of blocked) {
        const started = Date.now();
        const res = await preview(url);
        expect(res.status, url).toBe(200);
        expect(res.body, url).toEqual(EMPTY_OPEN_GRAPH);
        expect(Date.now() - started, url).toBeLessThan(500); // refused, not timed out
      }
      expect(hits.a).toEqual([]);
    });

    it("blocks a hostname that resolves to a private address, judged when the socket connects", async () => {
      const asked: string[] = [];
      usePreview({ gate: { allows: (a, p) => (asked.push(a), PUBLIC_ONLY.allows(a, p)) } });
      expect((await preview(`http://localhost:${portA}/og`)).body).toEqual(EMPTY_OPEN_GRAPH);
      expect(asked.some((a) => a === "127.0.0.1" || a === "::1")).toBe(true);

      // A name with one public and one private address is refused as a whole.
      const resolve: Resolver = async (host) => {
        if (host === "intranet.example") return [{ address: "10.1.2.3", family: 4 }];
        if (host === "mixed.example") return [{ address: "93.184.216.34", family: 4 }, { address: "127.0.0.1", family: 4 }];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      };
      usePreview({ resolve });
      expect((await preview(`http://intranet.example:${portA}/og`)).body).toEqual(EMPTY_OPEN_GRAPH);
      expect((await preview(`http://mixed.example:${portA}/og`)).body).toEqual(EMPTY_OPEN_GRAPH);
      expect(hits.a).toEqual([]);
    });

    it("follows redirects on allowed sites but refuses one that leads to a private address", async () => {
      usePreview({ gate: siteAIsPublic });
      // Control: site A is admitted, and a redirect within it is followed.
      expect((await preview(`http://127.0.0.1:${portA}/og`)).body?.title).toBe("Parley & friends");
      expect((await preview(`http://127.0.0.1:${portA}/redirect-ok`)).body?.title).toBe("Parley & friends");
      // A hostname pointing at site A works the same way.
      usePreview({ gate: siteAIsPublic, resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
      expect((await preview(`http://news.example:${portA}/og`)).body?.site_name).toBe("Parley Blog");

      const res = await preview(`http://127.0.0.1:${portA}/redirect-private`);
      expect(res.body).toEqual(EMPTY_OPEN_GRAPH);
      expect(hits.a).toContain("/redirect-private");
      expect(hits.b).toEqual([]);
      expect((await preview(`http://127.0.0.1:${portA}/redirect-loop`)).body).toEqual(EMPTY_OPEN_GRAPH);
      expect(hits.a.filter((h) => h === "/redirect-loop")).toHaveLength(6); // the first request and 5 redirects
    });

    it("refuses non-HTML responses, pages over the byte limit, errors and slow pages", async () => {
      usePreview({ gate: siteAIsPublic });
      for (const p of ["/json", "/big", "/big-declared", "/error", "/slow", "/missing"]) {
        const started = Date.now();
        const res = await preview(`http://127.0.0.1:${portA}${p}`);
        expect(res.status, p).toBe(200);
        expect(res.body, p).toEqual(EMPTY_OPEN_GRAPH);
        expect(res.headers["cache-control"], p).not.toBe("public, max-age=86400");
        expect(Date.now() - started, p).toBeLessThan(2_500);
      }
    });

    it("decodes charsets and compressed pages, falls back to <title> and the description meta, forwards Accept-Language", async () => {
      const { bob } = suite.seed;
      usePreview({ gate: siteAIsPublic });
      expect((await preview(`http://127.0.0.1:${portA}/latin1`)).body?.title).toBe("café");
      expect((await preview(`http://127.0.0.1:${portA}/gzip`)).body?.title).toBe("Parley & friends");
      const plain = (await preview(`http://127.0.0.1:${portA}/plain`)).body;
      expect([plain?.type, plain?.title, plain?.description, plain?.favicon_url, plain?.url]).toEqual([
        "website",
        "Just a title",
        "desc",
        `http://127.0.0.1:${portA}/favicon.ico`,
        `http://127.0.0.1:${portA}/plain`,
      ]);
      expect((await preview(`http://127.0.0.1:${portA}/lang`, bob, { "accept-language": "fr-FR,fr;q=0.9" })).body?.title).toBe("fr-FR,fr;q=0.9");
    });
  });

  it("answers the empty object when previews are disabled (enable_msg_url_preview) or the URL is not http(s)", async () => {
    const { s, seed: { admin } } = suite;
    usePreview({ gate: siteAIsPublic });
    const off = await call(s, "PUT", "/admin/system/common", admin, { ext_setting: JSON.stringify({ enable_msg_url_preview: false }) });
    expect(off.statusCode).toBe(200);
    expect((await preview(`http://127.0.0.1:${portA}/og`)).body).toEqual(EMPTY_OPEN_GRAPH);
    expect(hits.a).toEqual([]);
    await call(s, "PUT", "/admin/system/common", admin, { ext_setting: null });
    for (const url of ["ftp://example.com/", "javascript:alert(1)", "file:///etc/passwd", "not a url", `http://user:pw@127.0.0.1:${portA}/og`]) {
      expect((await preview(url)).body, url).toEqual(EMPTY_OPEN_GRAPH);
    }
    expect(hits.a).toEqual([]);
    expect((await preview(`http://127.0.0.1:${portA}/og`)).body?.title).toBe("Parley & friends");
  });

  it("needs a session (guests included) and a url", async () => {
    const { s, seed: { admin, bob, guest } } = suite;
    usePreview({ gate: siteAIsPublic });
    expect((await preview(`http://127.0.0.1:${portA}/og`, null)).status).toBe(401);
    expect((await preview(`http://127.0.0.1:${portA}/og`, guest)).body?.title).toBe("Parley & friends");
    expect((await preview(`http://127.0.0.1:${portA}/og`, admin)).status).toBe(200);
    const missing = await call(s, "GET", "/resource/open_graphic_parse", bob);
    expect(missing.statusCode).toBe(400);
  });
});
