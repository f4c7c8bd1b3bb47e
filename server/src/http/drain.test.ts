import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { streamBody as stream } from "../test/streamBody.js";
import { drainRefusedBody } from "./drain.js";
import { useSuite } from "../test/suite.js";
import { buildAdmin, buildMember } from "../test/factories.js";

describe("drainRefusedBody", () => {
  let server: http.Server;
  let url: URL;
  const closedAfter: number[] = [];

  beforeAll(async () => {
    // Refuses every request at once, as a guard or a limit does, then drains at most 1 MiB or 500 ms.
    server = http.createServer((req, res) => {
      const started = Date.now();
      if (req.headers["x-measure"]) req.socket.once("close", () => closedAfter.push(Date.now() - started));
      res.writeHead(413, { "content-type": "text/plain" }).end("Payload Too Large");
      drainRefusedBody(req, 1024 * 1024, 500);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("lets a client that finishes its body read the refusal and reuse the connection", async () => {
    // (A plain Node server answering a request it has not read sends `Connection: keep-alive`.)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await stream(url, { agent, total: 512 * 1024, length: 512 * 1024 });
    expect(first).toMatchObject({ status: 413, text: "Payload Too Large", socketError: null });
    const second = await stream(url, { agent, total: 64 * 1024, length: 64 * 1024 });
    expect(second).toMatchObject({ status: 413, socketError: null });
    agent.destroy();
  });

  it("cuts a client that never stops sending, by bytes (fast sender) and by time (slow sender)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    closedAfter.length = 0;
    const fast = await stream(url, { agent, headers: { "x-measure": "1" }, total: Infinity, everyMs: 0 });
    expect(fast.status).toBe(413);
    expect(fast.socketError).not.toBeNull();
    // Not much more than the 1 MiB allowance plus what the socket buffers held.
    expect(fast.sent).toBeLessThan(16 * 1024 * 1024);

    const slow = await stream(url, { agent, headers: { "x-measure": "1" }, total: Infinity, piece: 1024, everyMs: 20 });
    expect(slow.status).toBe(413);
    expect(slow.socketError).not.toBeNull();
    expect(slow.sent).toBeLessThan(1024 * 1024);
    // The fast sender's connection went at its byte allowance, the slow one's at the 500 ms bound.
    // The client may see its reset before the server's socket reports its close.
    await vi.waitFor(() => expect(closedAfter).toHaveLength(2));
    const [fastClosed, slowClosed] = closedAfter;
    expect(fastClosed).toBeLessThan(450);
    expect(slowClosed).toBeGreaterThanOrEqual(450);
    expect(slowClosed).toBeLessThan(2_000);
    agent.destroy();
  });
});

describe("early refusals of the picture routes over a real socket", () => {
  const suite = useSuite("sqlite", { per: "file", listen: true, seed: async (s) => buildMember(s, await buildAdmin(s), "Bob") });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => agent.destroy());

  const avatar = new URL("/api/user/avatar", "http://x");
  const at = (u: URL) => new URL(u.pathname, suite.s.url);

  it("answers 413 to an avatar over its limit, with Content-Length or chunked, and to 401 without a session", async () => {
    const { s, seed: bob } = suite;
    const total = 8 * 1024 * 1024;
    const sized = await stream(at(avatar), { agent, headers: { ...bob.headers, "content-type": "image/png" }, total, length: total });
    expect(sized).toMatchObject({ status: 413, text: "Payload Too Large", socketError: null });
    const chunked = await stream(at(avatar), { agent, headers: { ...bob.headers, "content-type": "image/png" }, total });
    expect(chunked).toMatchObject({ status: 413, text: "Payload Too Large", socketError: null });
    const anonymous = await stream(at(avatar), { agent, headers: { "content-type": "image/png" }, total, length: total });
    expect(anonymous).toMatchObject({ status: 401, socketError: null });
    const health = await fetch(new URL("/health", s.url));
    expect(health.status).toBe(200);
  });

  it("lets a client that asked for Connection: close read the 413 before the connection closes", async () => {
    const { s, seed: bob } = suite;
    const { port, hostname } = new URL(s.url);
    const total = 8 * 1024 * 1024;
    const result = await new Promise<{ head: string; error: string | null }>((resolve) => {
      let head = "";
      let error: string | null = null;
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/user/avatar HTTP/1.1\r\nHost: x\r\nX-API-Key: ${bob.token}\r\nContent-Type: image/png\r\n` +
            `Connection: close\r\nContent-Length: ${total}\r\n\r\n`,
        );
        const piece = Buffer.alloc(64 * 1024);
        let sent = 0;
        const pump = () => {
          if (sent >= total || socket.destroyed) return;
          sent += piece.length;
          socket.write(piece, (err) => !err && setTimeout(pump, 1));
        };
        pump();
      });
      socket.on("data", (d: Buffer) => (head += d.toString("latin1")));
      socket.on("error", (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
      socket.on("close", () => resolve({ head: head.split("\r\n")[0], error }));
    });
    expect(result).toEqual({ head: "HTTP/1.1 413 Payload Too Large", error: null });
  });

  it("answers 413 to a text body over BODY_LIMIT sent chunked", async () => {
    const { s, seed: bob } = suite;
    const res = await stream(new URL("/api/group/1/send", s.url), { agent, headers: { ...bob.headers, "content-type": "text/markdown" }, total: 8 * 1024 * 1024 });
    expect(res).toMatchObject({ status: 413, text: "Payload Too Large", socketError: null });
  });
});
