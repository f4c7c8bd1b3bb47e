/** Routing on an initialized server: the 404 page, the login redirect with a remembered path, and the login page budget. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../helpers/api";
import { launchBrowser, openPage, screenshotBothThemes } from "../helpers/browser";
import { startServer, WEB_DIST, type TestServer } from "../helpers/server";

const ADMIN = { name: "Root", email: "root@example.com", password: "hunter2hunter2" };

let server: TestServer;
let browser: Browser;
let gid: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = new Api(server.url);
  await api.createAdmin(ADMIN.email, ADMIN.name, ADMIN.password);
  await api.login(ADMIN.email, ADMIN.password);
  ({ gid } = await api.createChannel("random", "Off-topic"));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("routes", () => {
  it("shows a plain 404 page for unknown paths", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/#/no/such/page`);
    await page.getByRole("heading", { name: "404 page" }).waitFor();
    await screenshotBothThemes(page, "not-found");
    await context.close();
  });

  it("remembers the path, sends to login, and returns there once after login", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/#/chat/channel/${gid}`);
    await page.waitForURL(/#\/login$/);
    await expect(page.evaluate(() => localStorage.getItem("VOCECHAT_TRY_PATH"))).resolves.toBe(`/chat/channel/${gid}`);

    // A wrong password keeps us here with the spec's toast.
    await page.locator("input[name=email]").fill(ADMIN.email);
    await page.locator("input[name=password]").fill("wrong password");
    await page.locator("button[type=submit]").click();
    await page.getByText("Username or Password incorrect").waitFor();
    expect(page.url()).toMatch(/#\/login$/);

    await page.locator("input[name=password]").fill(ADMIN.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL(new RegExp(`#/chat/channel/${gid}$`));
    await page.getByTestId("channel-title").getByText("random").waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("VOCECHAT_TRY_PATH"))).toBeNull();

    // Logged in, the login page sends us home.
    await page.goto(`${server.url}/#/login`);
    await page.waitForURL(/#\/$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the login page within 130 KB gzip of JS and CSS", async () => {
    const { page, context } = await openPage(browser);
    const assets = new Set<string>();
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
    });
    await page.goto(`${server.url}/#/login`);
    await page.locator("input[name=email]").waitFor();
    await page.waitForLoadState("networkidle");
    let total = 0;
    for (const asset of assets) total += gzipSync(readFileSync(path.join(WEB_DIST, asset))).length;
    console.info(`login page: ${[...assets].join(", ")} = ${(total / 1000).toFixed(1)} kB gzip`);
    expect(total).toBeLessThanOrEqual(130_000);
    await context.close();
  });
});
