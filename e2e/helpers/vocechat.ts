/**
 * The real VoceChat web client (its release build, a test fixture kept outside this repository)
 * served on an origin of its own, with `/api` proxied to a Parley server: what a team that
 * points the VoceChat client at Parley runs (docs/COMPATIBILITY.md).
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { listenLocal } from "../../server/src/test/localServer";
import { ROOT } from "./server";

/** Where the build is: `VOCECHAT_WEB_BUILD`, else beside the checkout in `shared/`, else the CI machine's path. */
export function vocechatBuild(): string | null {
  const candidates = [process.env.VOCECHAT_WEB_BUILD, path.join(ROOT, "../shared/clients/vocechat-web/build"), "/work/shared/clients/vocechat-web/build"];
  for (const dir of candidates) if (dir && existsSync(path.join(dir, "index.html"))) return dir;
  return null;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".mp3": "audio/mpeg",
};

export interface ClientServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `build` (unknown paths fall back to index.html: its routes are hash routes) and pipes
 * `/api/*` to `api` unbuffered, so the SSE stream streams; WebSocket upgrades are piped too.
 */
export async function serveVocechat(build: string, api: string): Promise<ClientServer> {
  const target = new URL(api);
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/api/") || url === "/api") {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: url, headers: { ...req.headers, host: target.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          res.flushHeaders();
          up.pipe(res);
        },
      );
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      res.on("close", () => upstream.destroy());
      req.pipe(upstream);
      return;
    }
    void (async () => {
      const pathname = decodeURIComponent(new URL(url, "http://x").pathname);
      let file = path.join(build, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ""));
      if (!file.startsWith(build) || !(await stat(file).catch(() => null))?.isFile()) file = path.join(build, "index.html");
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
      res.end(body);
    })().catch(() => res.writeHead(500).end());
  });
  server.on("upgrade", (req, socket, head) => {
    const up = net.connect(Number(target.port), target.hostname, () => {
      let raw = `${req.method} ${req.url} HTTP/1.1\r\n`;
      for (let i = 0; i < req.rawHeaders.length; i += 2) raw += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
      up.write(`${raw}\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket).pipe(up);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  const local = await listenLocal(server);
  return { url: local.origin, close: local.close };
}
