import { expect } from "vitest";
import type { ChatMessage, EventOf, ServerEvent } from "@parley/protocol";
import { seedUser, type Session, type TestServer } from "./harness.js";
import type { SseClient } from "./sse.js";

/**
 * Helpers for the message-operation suites: a bot session, the `/message/*` calls, and SSE
 * assertions of the form "exactly these streams got this event".
 */

/** A bot user (`is_bot`) with an open session: bots post through user sessions as well. */
export const seedBot = (s: TestServer, name = "Robot"): Promise<Session> => seedUser(s, name, "bot", "bot_device");

const props = (p?: object) => (p ? { "x-properties": Buffer.from(JSON.stringify(p)).toString("base64") } : {});

export function messageApi(s: TestServer) {
  const headers = (who: Session | null) => who?.headers ?? {};
  return {
    edit: (who: Session | null, mid: number | string, text: string, type = "text/plain", properties?: object) =>
      s.app.inject({
        method: "PUT",
        url: `/api/message/${mid}/edit`,
        headers: { ...headers(who), "content-type": type, ...props(properties) },
        payload: text,
      }),
    like: (who: Session | null, mid: number | string, action: unknown) =>
      s.app.inject({ method: "PUT", url: `/api/message/${mid}/like`, headers: headers(who), payload: { action } as object }),
    remove: (who: Session | null, mid: number | string) => s.app.inject({ method: "DELETE", url: `/api/message/${mid}`, headers: headers(who) }),
    bulk: (who: Session | null, list: string) => s.app.inject({ method: "DELETE", url: `/api/message/bulk/${list}`, headers: headers(who) }),
    reply: (who: Session | null, mid: number | string, text: string, type = "text/plain", properties?: object) =>
      s.app.inject({
        method: "POST",
        url: `/api/message/${mid}/reply`,
        headers: { ...headers(who), "content-type": type, ...props(properties) },
        payload: text,
      }),
    send: (who: Session | null, path: string, text: string, type = "text/plain", properties?: object) =>
      s.app.inject({ method: "POST", url: `/api/${path}`, headers: { ...headers(who), "content-type": type, ...props(properties) }, payload: text }),
    history: async (who: Session, path: string): Promise<ChatMessage[]> => {
      const res = await s.app.inject({ method: "GET", url: `/api/${path}/history`, headers: who.headers });
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

const isChat = (mid: number) => (e: ServerEvent) => e.type === "chat" && e.mid === mid;

/**
 * Waits until every stream in `to` got the `chat` event of `mid` and returns it (all copies
 * equal); then sends `fence` (a message every stream receives after it) and checks that no
 * stream in `notTo` got `mid`.
 */
export async function expectChatDelivery(
  mid: number,
  to: SseClient[],
  notTo: SseClient[],
  fence: () => Promise<number>,
): Promise<EventOf<"chat">> {
  const copies = await Promise.all(to.map((c) => c.waitFor<EventOf<"chat">>(isChat(mid))));
  for (const copy of copies) expect(copy).toEqual(copies[0]);
  const fenceMid = await fence();
  await Promise.all(notTo.map((c) => c.waitFor(isChat(fenceMid))));
  for (const c of notTo) expect(c.events.some(isChat(mid))).toBe(false);
  return copies[0];
}
