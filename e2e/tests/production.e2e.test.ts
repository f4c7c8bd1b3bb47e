/**
 * `npm start` as a user runs it: the server is compiled to JavaScript (server/dist) and run with
 * the production flags; it migrates a fresh data dir, serves the web client and answers the API.
 */
import { describe, expect, it } from "vitest";
import { useSuite } from "../helpers/suite";

// No admin (the test creates the first one) and no browser: plain HTTP is enough here.
const suite = useSuite({ entry: "npm start", admin: null, browser: false });

describe("npm start", () => {
  it("compiles the server, starts it on a fresh data dir and serves the client and the API", async () => {
    const { url } = suite;
    // Compiled now, or found built from the same sources (server/scripts/build.mjs).
    expect(suite.server.output()).toMatch(/Compiling the server|The server build is up to date/);
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
  });
});
