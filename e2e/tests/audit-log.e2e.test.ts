/**
 * The audit log as an admin meets it: actions taken through the API (a new member, a role
 * change, a freeze, settings) appear on the Data Management page in words, newest first, with
 * the category filter. Screenshots: the page in light and dark.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../helpers/api";
import { launchBrowser, openPage, screenshotBothThemes } from "../helpers/browser";
import { signIn } from "../helpers/chat";
import { startServer, type TestServer } from "../helpers/server";

const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = new Api(server.url);
  await api.createAdmin(ADMIN.email, ADMIN.name, ADMIN.password);
  await api.login(ADMIN.email, ADMIN.password);
  const bob = await api.createUser("bob@example.com", "Bob Builder", "battery staple 2");
  await api.request("PUT", `/admin/user/${bob.uid}`, { is_admin: true });
  await api.request("PUT", `/admin/user/${bob.uid}`, { status: "frozen" });
  await api.request("PUT", "/admin/system/common", { show_user_online_status: false });
  await api.request("PUT", "/admin/system/organization", { name: "Acme Chat", description: "Where Acme talks" });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("audit log", () => {
  it("shows what admins did, newest first, and filters by category", async () => {
    const tp = await openPage(browser);
    const { page } = tp;
    await signIn(page, server.url, ADMIN);
    await page.evaluate(() => (window.location.hash = "/setting/data_management"));
    const rows = page.getByTestId("audit-entry");
    await expect.poll(() => rows.count()).toBe(6);
    await expect(rows.nth(0).innerText()).resolves.toContain("Ada Admin changed the server name or description");
    await expect(rows.nth(2).innerText()).resolves.toMatch(/Ada Admin froze\s+Bob Builder/);
    await expect(rows.nth(3).innerText()).resolves.toMatch(/changed the role of\s+Bob Builder/);
    await screenshotBothThemes(page, "setting-audit-log");

    await page.getByTestId("audit-filter").selectOption("settings");
    await expect.poll(() => rows.count()).toBe(2);
    expect(tp.errors).toEqual([]);
  });
});
