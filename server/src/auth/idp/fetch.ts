import http from "node:http";
import https from "node:https";
import { ANY_ADDRESS, PUBLIC_ONLY, systemResolver, type AddressGate } from "../../preview/address.js";
import { checkTarget, defaultPort, gatedLookup, guardSocket } from "../../preview/fetch.js";

/**
 * EVERY REQUEST TO AN IDENTITY PROVIDER (OIDC discovery, token and JWKS endpoints, Google's keys,
 * GitHub's token and user endpoints) goes through the link previews' SSRF guard
 * (preview/fetch.ts): http(s) only, no credentials in the URL, and the addresses the name resolves
 * to and the socket connects to must be global unicast ones unless `PREVIEW_ALLOW_PRIVATE=1`
 * allows private and loopback targets (an intranet issuer, the tests). An admin types the
 * issuer, so without the guard sign-in would be a way to probe the server's network.
 *
 * It is a WHATWG `fetch` so openid-client (`customFetch`) and jose (`createRemoteJWKSet`'s
 * `[customFetch]`) can use it. No redirects are followed; answers are capped at 1 MiB.
 */
const MAX_BYTES = 1 << 20;
const TIMEOUT_MS = 10_000;

export type IdpFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function guardedFetch(allowPrivate: boolean): IdpFetch {
  const gate: AddressGate = allowPrivate ? ANY_ADDRESS : PUBLIC_ONLY;
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    checkTarget(url, gate);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    const method = init.method ?? (input instanceof Request ? input.method : "GET");
    const body = init.body == null ? null : typeof init.body === "string" ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : Buffer.from(await new Response(init.body).arrayBuffer());
    if (body !== null && !headers.has("content-length")) headers.set("content-length", String(Buffer.byteLength(body)));
    if (!headers.has("user-agent")) headers.set("user-agent", "Parley-Auth/1.0");
    const port = defaultPort(url);
    const client = url.protocol === "https:" ? https : http;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("timed out")), TIMEOUT_MS);
    const onAbort = () => controller.abort(init.signal?.reason);
    init.signal?.addEventListener("abort", onAbort);
    try {
      return await new Promise<Response>((resolve, reject) => {
        const req = client.request(
          url,
          { method, headers: Object.fromEntries(headers), lookup: gatedLookup(gate, systemResolver, port), signal: controller.signal },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on("data", (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_BYTES) return req.destroy(new Error("identity provider answer too large"));
              chunks.push(chunk);
            });
            res.on("end", () => {
              const out = new Headers();
              for (const [key, value] of Object.entries(res.headers)) {
                if (value === undefined) continue;
                for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
              }
              const status = res.statusCode ?? 502;
              const noBody = status === 204 || status === 304;
              resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: out }));
            });
            res.on("error", reject);
          },
        );
        guardSocket(req, gate, port);
        req.on("error", reject);
        req.end(body ?? undefined);
      });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener("abort", onAbort);
    }
  };
}
