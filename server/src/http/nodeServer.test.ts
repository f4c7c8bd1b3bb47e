import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { useSuite } from "../test/suite.js";

const CONNECTIONS = 1500;
const somaxconn = Number(fs.readFileSync("/proc/sys/net/core/somaxconn", "utf8"));

/**
 * What app.ts sets on the Node server itself. It is built through Fastify's `serverFactory`
 * (the event stream is served beside Fastify), and Fastify leaves a factory's server alone.
 *
 * - Keep-alive: an idle keep-alive socket would be closed after Node's 5 s, and a client that
 *   paused longer wrote its next request into a closing socket ("socket hang up"). The app sets
 *   Fastify's 72 s again.
 * - Listen backlog: in a reconnect storm, many clients connect while the server is busy and
 *   accepts none of them. The kernel completes and queues handshakes up to the backlog and drops
 *   the rest, whose clients then wait for retransmissions (1 s, 3 s, ...). With Node's default of
 *   511, only about 512 of 1,500 get through while the loop is blocked; with the app's backlog,
 *   all of them do.
 */
describe("the Node server's settings", () => {
  const suite = useSuite("sqlite", { per: "file", listen: true });
  const port = () => Number(new URL(suite.s.url).port);

  it("keeps an idle keep-alive connection open past Node's 5 s default", async () => {
    const socket = net.connect(port(), "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let received = "";
    let closed = false;
    socket.on("data", (d) => (received += d.toString("latin1")));
    socket.on("close", () => (closed = true));
    // Not anchored to a line start: a response's body (/health's JSON) ends without a newline.
    const statusLines = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
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

  // The kernel caps the backlog at net.core.somaxconn (128 before Linux 5.4).
  it.skipIf(somaxconn < CONNECTIONS)("queues a storm of connections that arrive while the server is busy", async () => {
    // The child reports once every connection is established, or what it has at 3 s.
    const script = `
      const net = require("node:net");
      console.log("started");
      let connected = 0;
      const sockets = [];
      const report = () => { console.log("connected " + connected); for (const s of sockets) s.destroy(); process.exit(0); };
      setTimeout(() => {
        for (let i = 0; i < ${CONNECTIONS}; i++) {
          const s = net.connect(${port()}, "127.0.0.1", () => ++connected === ${CONNECTIONS} && report());
          s.on("error", () => {});
          sockets.push(s);
        }
      }, 200);
      setTimeout(report, 3000);
    `;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await new Promise<void>((resolve) => child.stdout.on("data", () => out.includes("started") && resolve()));
    // The server's event loop (this thread) accepts nothing while the child connects.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3300);
    await new Promise((resolve) => child.once("exit", resolve));
    const connected = Number(/connected (\d+)/.exec(out)?.[1]);
    expect(connected).toBe(CONNECTIONS);
  }, 15_000);
});
