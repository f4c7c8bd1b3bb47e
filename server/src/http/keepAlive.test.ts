import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.js";

/**
 * The server is built through Fastify's `serverFactory` (the event stream is served beside
 * Fastify), which leaves the Node server's own timeouts alone: an idle keep-alive socket would be
 * closed after Node's 5 s, and a client that paused longer wrote its next request into a
 * closing socket ("socket hang up"). The app sets Fastify's 72 s again.
 */
describe("keep-alive connections", () => {
  let s: TestServer;
  let port: number;

  beforeAll(async () => {
    s = await startTestServer();
    port = Number(new URL(await s.listen()).port);
  });
  afterAll(async () => {
    await s.close();
  });

  it("keeps an idle keep-alive connection open past Node's 5 s default", async () => {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let received = "";
    let closed = false;
    socket.on("data", (d) => (received += d.toString("latin1")));
    socket.on("close", () => (closed = true));
    const statusLines = () => received.match(/^HTTP\/1\.1 \d+/gm) ?? [];
    const get = async (expected: number) => {
      socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
      for (let i = 0; i < 100 && statusLines().length < expected && !closed; i++) await new Promise((r) => setTimeout(r, 20));
    };

    await get(1);
    expect(statusLines()).toEqual(["HTTP/1.1 200"]);
    expect(received).toMatch(/^Keep-Alive: timeout=72/im);
    await new Promise((r) => setTimeout(r, 5_500));
    expect(closed).toBe(false);
    await get(2);
    expect(statusLines()).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    socket.destroy();
  }, 15_000);
});
