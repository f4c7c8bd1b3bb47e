import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Provider in process (npm `oidc-provider`) for the OIDC sign-in tests, server and
 * e2e. Its login page is a one-field form (`/interaction/:uid`): any account in `accounts` signs
 * in by name, no password; consent is implied. ID tokens carry the account's claims.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIssuer {
  /** `http://127.0.0.1:<port>`. */
  issuer: string;
  /** The issuer without its scheme: the login config's `domain`. */
  domain: string;
  provider: Provider;
  close(): Promise<void>;
}

export interface TestIssuerOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: Record<string, TestAccount>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string): string {
  return `<!doctype html><html><head><title>Test issuer sign-in</title></head><body>
<h1>Sign in to the test issuer</h1><p>for ${escape(clientId)}</p>
<form method="post" action="/interaction/${escape(uid)}/login">
<label>Account <input name="login" autofocus></label>
<button type="submit">Sign in</button>
<button type="submit" name="abort" value="1">Cancel</button>
</form></body></html>`;
}

const readForm = (req: http.IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });

export async function startTestIssuer(opts: TestIssuerOptions): Promise<TestIssuer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    cookies: { keys: ["parley-test-issuer"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = opts.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    // Consent is implied: every sign-in grants the scopes asked for.
    loadExistingGrant: async (ctx) => {
      const provider = ctx.oidc.provider;
      const grant = new provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!match[2]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, String(details.params.client_id)));
          return;
        }
        const form = await readForm(req);
        if (form.get("abort")) {
          await provider.interactionFinished(req, res, { error: "access_denied", error_description: "the user cancelled" }, { mergeWithLastSubmission: false });
          return;
        }
        const login = form.get("login") ?? "";
        if (!opts.accounts[login]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, String(details.params.client_id)) + "<p>unknown account</p>");
          return;
        }
        await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.writeHead(400, { "content-type": "text/plain" }).end(String(err));
      }
    })();
  });
  return {
    issuer,
    domain: `127.0.0.1:${port}`,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks the provider's pages like a browser (cookies kept) from the authorization URL to the
 * redirect back, signing in as `login`: answers that redirect URL (with `code` and `state`).
 */
export async function signInAtIssuer(authorizationUrl: string, login: string, opts: { abort?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  let url = new URL(authorizationUrl);
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (!url.href.startsWith(new URL(authorizationUrl).origin)) return url;
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: { cookie: cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
    });
    remember(res);
    const location = res.headers.get("location");
    if (location) {
      url = new URL(location, url);
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected page at ${url.href}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action, url);
    method = "POST";
    body = opts.abort ? "abort=1" : new URLSearchParams({ login }).toString();
  }
  throw new Error("too many redirects at the test issuer");
}
