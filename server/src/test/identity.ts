import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LoginConfig } from "@parley/protocol";
import { call, ok } from "./api.js";
import type { Session, TestServer } from "./harness.js";
import type { TestSmtp } from "./smtp.js";

/** Helpers of the identity suites (sign-in, registration, magic links): login config, SMTP, mailed links. */

export const FRONTEND = "https://chat.example.com";

/** Merges `patch` into the login config through the admin route. */
export async function setLoginConfig(s: TestServer, admin: Session, patch: Partial<LoginConfig>): Promise<void> {
  const current = (await call(s, "GET", "/admin/login/config")).json() as LoginConfig;
  ok(await call(s, "POST", "/admin/login/config", admin, { ...current, ...patch }), "login config");
}

/** Points the server at the in-process SMTP server, with `FRONTEND` as the frontend URL. */
export async function enableSmtp(s: TestServer, admin: Session, smtp: TestSmtp, extra: Record<string, unknown> = {}): Promise<void> {
  ok(await call(s, "POST", "/admin/system/update_frontend_url", admin, FRONTEND, { "content-type": "text/plain" }), "frontend url");
  ok(
    await call(s, "POST", "/admin/smtp/config", admin, {
      enabled: true,
      host: "127.0.0.1",
      port: smtp.port,
      from: "Parley <noreply@chat.example.com>",
      username: "",
      password: "",
      ...extra,
    }),
    "smtp config",
  );
}

/** The `magic_token` of a mailed link (in the real query or the hash route's query). */
export function tokenOf(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get("magic_token") ?? new URLSearchParams(url.hash.split("?")[1] ?? "").get("magic_token");
  if (!token) throw new Error(`no magic_token in ${link}`);
  return token;
}

/** The single link of a mail's text part. */
export function linkOf(mail: { links: string[] }): string {
  if (mail.links.length !== 1) throw new Error(`expected one link, got ${mail.links.join(" ")}`);
  return mail.links[0];
}

export const magicLogin = (s: TestServer, magic_token: string, extra_name?: string, device = "web:magic") =>
  call(s, "POST", "/token/login", null, { credential: { type: "magiclink", magic_token, ...(extra_name ? { extra_name } : {}) }, device });

export const passwordLogin = (s: TestServer, email: string, password: string, remoteAddress?: string) =>
  s.app.inject({
    method: "POST",
    url: "/api/token/login",
    payload: { credential: { type: "password", email, password }, device: "web:test" },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A local HTTP endpoint answering every request with `status` (a webhook target). */
export async function startWebhook(status: number): Promise<{ url: string; hits: number; close(): Promise<void> }> {
  const state = { hits: 0 };
  const server = http.createServer((_req, res) => {
    state.hits++;
    res.writeHead(status).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    get hits() {
      return state.hits;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
