import http from "node:http";
import type { ServerEvent } from "@parley/protocol";

/** A test client for `GET /api/user/events` that records every frame as it arrives. */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every parsed `data:` event, in arrival order. */
  events: ServerEvent[];
  /** The raw text received so far. */
  raw: string;
  /** Resolves with the first event (at or after `from`) matching `pred`. */
  waitFor<T extends ServerEvent = ServerEvent>(pred: (e: ServerEvent) => boolean, timeoutMs?: number, from?: number): Promise<T>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEvents(baseUrl: string, query: Record<string, string | number>): Promise<SseClient> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/user/events?${qs}`, (res) => {
      let buffer = "";
      let onEnd!: () => void;
      const ended = new Promise<void>((r) => (onEnd = r));
      const waiters: (() => void)[] = [];
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        raw: "",
        ended,
        waitFor(pred, timeoutMs = 5_000, from = 0) {
          return new Promise((ok, fail) => {
            const check = () => {
              const found = client.events.slice(from).find(pred);
              if (found) {
                clearTimeout(timer);
                ok(found as never);
                return true;
              }
              return false;
            };
            const timer = setTimeout(() => fail(new Error(`timed out; got ${client.events.map((e) => e.type).join(",")}`)), timeoutMs);
            const retry = () => {
              if (!check()) waiters.push(retry);
            };
            retry();
          });
        },
        close() {
          req.destroy();
        },
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        client.raw += chunk;
        buffer += chunk;
        let idx;
        while ((idx = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          if (frame.startsWith("data: ")) client.events.push(JSON.parse(frame.slice(6)) as ServerEvent);
        }
        for (const w of waiters.splice(0)) w();
      });
      res.on("end", onEnd);
      res.on("close", onEnd);
      resolve(client);
    });
    req.on("error", reject);
  });
}
