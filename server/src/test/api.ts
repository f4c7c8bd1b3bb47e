import { expect } from "vitest";
import type { ChatMessage } from "@parley/protocol";
import type { Session, TestServer } from "./harness.js";

/** Calls to the API for the server suites: one request helper and the message operations. */

export type Reply = Awaited<ReturnType<TestServer["app"]["inject"]>>;
export type Method = "GET" | "POST" | "PUT" | "DELETE" | "HEAD";

/** `method /api<url>` as `who` (null: anonymous), with a JSON (or raw) `payload` and extra headers. */
export function call(
  s: TestServer,
  method: Method,
  url: string,
  who: Session | null = null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return s.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(who?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The reply, when it is a 200; otherwise throws with what was being done (set-up steps). */
export function ok(res: Reply, what: string): Reply {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

const propertiesHeader = (p?: object): Record<string, string> => (p ? { "x-properties": Buffer.from(JSON.stringify(p)).toString("base64") } : {});

/**
 * The `/message/*` calls and sends with any content type, as the message suites make them. Given
 * a suite (`useSuite`), it calls the server of the running test, so it can be made once per `describe`.
 */
export function messageApi(server: TestServer | { readonly s: TestServer }) {
  const at = (): TestServer => ("app" in server ? server : server.s);
  const withBody = (method: Method, url: string, who: Session | null, text: string, type: string, properties?: object) =>
    call(at(), method, url, who, text, { "content-type": type, ...propertiesHeader(properties) });
  return {
    edit: (who: Session | null, mid: number | string, text: string, type = "text/plain", properties?: object) =>
      withBody("PUT", `/message/${mid}/edit`, who, text, type, properties),
    like: (who: Session | null, mid: number | string, action: unknown) => call(at(), "PUT", `/message/${mid}/like`, who, { action }),
    remove: (who: Session | null, mid: number | string) => call(at(), "DELETE", `/message/${mid}`, who),
    bulk: (who: Session | null, list: string) => call(at(), "DELETE", `/message/bulk/${list}`, who),
    reply: (who: Session | null, mid: number | string, text: string, type = "text/plain", properties?: object) =>
      withBody("POST", `/message/${mid}/reply`, who, text, type, properties),
    send: (who: Session | null, path: string, text: string, type = "text/plain", properties?: object) =>
      withBody("POST", `/${path}`, who, text, type, properties),
    history: async (who: Session, path: string): Promise<ChatMessage[]> => {
      const res = await call(at(), "GET", `/${path}/history`, who);
      expect(res.statusCode).toBe(200);
      return res.json() as ChatMessage[];
    },
  };
}

/** A 200 whose body is a bare JSON number (a new mid), returned. */
export function midOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }): number {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(res.body).toMatch(/^[1-9][0-9]*$/);
  return Number(res.body);
}

/**
 * A JSON route's refusals of malformed bodies: each of `payloads` answers 400 in plain text, and
 * so (400) does a body that is not JSON at all.
 */
export async function expectBadBodies(s: TestServer, url: string, payloads: unknown[], method: Method = "POST"): Promise<void> {
  for (const payload of payloads) {
    const res = await s.app.inject({ method, url, payload: payload as object });
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.headers["content-type"]).toContain("text/plain");
  }
  const raw = await s.app.inject({ method, url, headers: { "content-type": "application/json" }, payload: "{not json" });
  expect(raw.statusCode).toBe(400);
}

/** A 200 in JSON, as the API answers it (`application/json; charset=utf-8`): its parsed body. */
export function jsonOk<T = unknown>(res: Reply): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.json() as T;
}
