import { createHmac } from "node:crypto";
import http from "node:http";
import { expect } from "vitest";
import { listenLocal, waitForCount } from "./localServer.js";

/** One POST a webhook receiver got. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook` (loopback: the server needs `previewAllowPrivate`). */
  url: string;
  /** The POSTs, in arrival order, whatever was answered. */
  readonly posts: ReceivedHook[];
  /** From now on every POST is answered `status` (a receiver that comes back, or goes away). */
  answer(status: number): void;
  /** Waits until `n` POSTs arrived (fails the test after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver for the webhook suites: answers the save-time `GET` probe with 200 and
 * each POST with the next status of `statuses` (the last one again once they run out).
 */
export async function startWebhookReceiver(statuses: number[] = [200]): Promise<WebhookReceiver> {
  const posts: ReceivedHook[] = [];
  let fixed: number | null = null;
  const server = http.createServer((req, res) => {
    if (req.method !== "POST") return void res.writeHead(200).end("ok");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = fixed ?? statuses[Math.min(posts.length, statuses.length - 1)];
      posts.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status).end();
    });
  });
  const local = await listenLocal(server);
  return {
    url: `${local.origin}/hook`,
    posts,
    answer(status) {
      fixed = status;
    },
    waitFor: (n, timeoutMs = 10_000) => waitForCount(posts, n, timeoutMs, "webhook receiver POSTs"),
    close: local.close,
  };
}

/** What a receiver does to check a delivery: the HMAC of "<timestamp>.<body>" with the bot's secret (docs/BOTS.md). */
export function expectSigned(post: ReceivedHook, secret: string): void {
  const timestamp = String(post.headers["x-parley-timestamp"]);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${post.body}`).digest("hex");
  expect(post.headers["x-parley-signature"]).toBe(`sha256=${expected}`);
  expect(post.headers["content-type"]).toBe("application/json");
}
