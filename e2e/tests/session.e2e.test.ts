/**
 * The session against a server whose access tokens live 23 s, so every token is inside the
 * client's 20 s renewal margin almost at once: the client must renew before its calls (and
 * before reopening the event stream) and keep working; a kick from the server ends the session.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../helpers/api";
import { launchBrowser, openPage } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";

const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };

let server: TestServer;
let browser: Browser;
let gid: number;

beforeAll(async () => {
  server = await startServer({ ACCESS_TOKEN_TTL: "23" });
  browser = await launchBrowser();
  const api = new Api(server.url);
  await api.createAdmin(ADMIN.email, ADMIN.name, ADMIN.password);
  await api.login(ADMIN.email, ADMIN.password);
  gid = (await api.createChannel("general", "Everyone")).gid;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/#/login`);
  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.locator("input[name=password]").fill(ADMIN.password);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/#\/$/);
}

describe("session", () => {
  it("renews a token about to expire before sending, and the send goes through", async () => {
    const { page, errors } = await openPage(browser);
    const renewals: number[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith("/api/token/renew")) renewals.push(res.status());
    });
    await signIn(page);
    const firstToken = await page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"));
    await page.getByRole("link", { name: "general" }).click();
    await page.waitForURL(new RegExp(`#/chat/channel/${gid}$`));

    // 23 s tokens are due for renewal 3 s after login.
    await page.waitForTimeout(3_500);
    await page.getByTestId("composer").fill("sent with a renewed token");
    await page.getByTestId("composer").press("Enter");
    await page.getByTestId("message-list").getByText("sent with a renewed token").waitFor();
    await expect.poll(() => page.locator("[data-sending]").count()).toBe(0);

    expect(renewals.length).toBeGreaterThanOrEqual(1);
    expect(renewals.every((s) => s === 200)).toBe(true);
    const renewed = await page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"));
    expect(renewed).not.toBe(firstToken);

    // The server stored the message: it is in the channel's history.
    const api = new Api(server.url);
    await api.login(ADMIN.email, ADMIN.password);
    const history = await api.request<{ detail: { content: string } }[]>("GET", `/group/${gid}/history`);
    expect(history.map((m) => m.detail.content)).toContain("sent with a renewed token");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a logout of this device elsewhere kicks the open page to the login screen", async () => {
    const { page } = await openPage(browser);
    await signIn(page);
    await page.getByText("Connected").waitFor();
    // Log this browser's device out from outside, with its own (still valid) access token.
    const token = await page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"));
    const res = await fetch(`${server.url}/api/token/logout`, { headers: { "X-API-Key": token ?? "" } });
    expect(res.status).toBe(200);
    await page.waitForURL(/#\/login$/);
    await expect(page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"))).resolves.toBeNull();
    await page.context().close();
  });
});
