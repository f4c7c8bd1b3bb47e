import { spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.js";

const CONNECTIONS = 1500;
const somaxconn = Number(fs.readFileSync("/proc/sys/net/core/somaxconn", "utf8"));

/**
 * A reconnect storm: many clients connect while the server is busy and accepts none of them.
 * The kernel completes and queues handshakes up to the listen backlog and drops the rest, whose
 * clients then wait for retransmissions (1 s, 3 s, ...). With Node's default of 511 only about
 * 512 of these 1,500 get through while the loop is blocked; with the app's backlog, all do.
 */
describe("listen backlog", () => {
  let s: TestServer;
  let port: number;

  beforeAll(async () => {
    s = await startTestServer();
    port = Number(new URL(await s.listen()).port);
  });
  afterAll(async () => {
    await s.close();
  });

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
          const s = net.connect(${port}, "127.0.0.1", () => ++connected === ${CONNECTIONS} && report());
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
