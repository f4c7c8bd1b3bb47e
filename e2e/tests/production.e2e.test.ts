/**
 * `npm start` as a user runs it: the server is compiled to JavaScript (server/dist) and run with
 * the production flags; it migrates a fresh data dir, serves the web client and answers the API.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, ROOT, WEB_DIST } from "../helpers/server";

let stop: () => Promise<void> = async () => {};
afterAll(() => stop());

describe("npm start", () => {
  it("compiles the server, starts it on a fresh data dir and serves the client and the API", async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), "parley-start-"));
    let out = "";
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (out += d));
    stop = async () => {
      if (child.exitCode === null) {
        // start.mjs forwards the signal to the server it spawned.
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      await rm(dataDir, { recursive: true, force: true });
    };

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const res = await fetch(`${url}/health`).catch(() => null);
      if (res?.status === 200) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // Compiled now, or found built from the same sources (server/scripts/build.mjs).
    expect(out).toMatch(/Compiling the server|The server build is up to date/);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const initialized = await fetch(`${url}/api/admin/system/initialized`);
    expect(initialized.status).toBe(200);
    expect(await initialized.json()).toBe(false);
    // The first admin is created and can log in: argon2 and the database work in the bundle.
    const created = await fetch(`${url}/api/admin/system/create_admin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "root@example.com", name: "Root", password: "correct horse 1", gender: 0 }),
    });
    expect(created.status).toBe(200);
    const login = await fetch(`${url}/api/token/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ credential: { type: "password", email: "root@example.com", password: "correct horse 1" }, device: "web", device_token: null }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user.name).toBe("Root");
  }, 120_000);
});
