import http from "node:http";
import https from "node:https";
import { checkTarget, defaultPort, gatedLookup, guardSocket } from "../../preview/fetch.js";
import type { OutboundOptions } from "../../webhooks/send.js";

/**
 * One push message to a push service, through the SSRF guard of every outbound request
 * (`webhooks/send.ts`, preview/fetch.ts): http(s) only, no credentials in the URL, only global
 * unicast addresses unless `PREVIEW_ALLOW_PRIVATE=1`, checked again on the connected socket.
 * The body is the encrypted payload (bytes). No redirect is followed; the answer's body is
 * dropped. web-push's own sender cannot be used: it would connect wherever the endpoint points.
 */
const agents = { "http:": new http.Agent({ keepAlive: true, maxSockets: 16 }), "https:": new https.Agent({ keepAlive: true, maxSockets: 16 }) };

export async function postPush(endpoint: string, headers: Record<string, string | number>, body: Buffer | null, opts: OutboundOptions): Promise<number> {
  const url = new URL(endpoint);
  checkTarget(url, opts.gate);
  const port = defaultPort(url);
  const client = url.protocol === "https:" ? https : http;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("timed out")), opts.timeoutMs);
  const flat: Record<string, string> = { "user-agent": "Parley-WebPush/1.0" };
  for (const [k, v] of Object.entries(headers)) flat[k.toLowerCase()] = String(v);
  try {
    return await new Promise<number>((resolve, reject) => {
      const req = client.request(
        url,
        { method: "POST", agent: agents[url.protocol as "http:" | "https:"], headers: flat, lookup: gatedLookup(opts.gate, opts.resolve, port), signal: controller.signal },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      guardSocket(req, opts.gate, port);
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  } finally {
    clearTimeout(timer);
  }
}
