import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from "jose";

/**
 * Scripted identity-provider endpoints for the sign-in tests (docs/API.md "Third-party
 * sign-in"): real HTTP on loopback, tokens really signed (RS256, `jose`), so the server's
 * verification runs for real. Each test decides what the endpoints answer.
 */
export interface FakeIdp {
  url: string;
  /** Signs claims with the published key (or with another, unpublished one: `{ foreign: true }`). */
  sign(claims: JWTPayload, opts?: { foreign?: boolean }): Promise<string>;
  /** Answers for the routes, by `METHOD /path`; a function sees the request's form or query. */
  routes: Map<string, (req: { form: URLSearchParams; query: URLSearchParams; headers: http.IncomingHttpHeaders }) => { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>>;
  /** Every request seen, as `METHOD /path`. */
  seen: string[];
  close(): Promise<void>;
}

export async function startFakeIdp(): Promise<FakeIdp> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const routes: FakeIdp["routes"] = new Map();
  const seen: string[] = [];
  routes.set("GET /jwks", () => ({ json: { keys: [jwk] } }));
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const key = `${req.method} ${url.pathname}`;
      seen.push(key);
      const route = routes.get(key);
      if (!route) return res.writeHead(404).end("not found");
      void Promise.resolve(route({ form: new URLSearchParams(body), query: url.searchParams, headers: req.headers })).then((out) => {
        res.writeHead(out.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(out.json));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    routes,
    seen,
    sign: (claims, opts = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuedAt(typeof claims.iat === "number" ? claims.iat : undefined)
        .sign(opts.foreign ? other.privateKey : privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
