/**
 * The app frame: one active tab, the offline toast, the main screens (members, saved items, files,
 * settings, the version gate) in light and dark, and the simplified Chinese UI.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { submitLoginForm } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({
  members: [BOB, { name: "Cleo Cole", email: "cleo@example.com", password: "battery staple 3" }],
  channels: [{ name: "general", description: "Everyone" }],
});

beforeAll(async () => {
  await suite.admin.request("PUT", "/admin/system/organization", { name: "Northwind" });
});

describe("app frame", () => {
  it("keeps one active tab: the older one goes inactive", async () => {
    const { page: first, context } = await suite.page();
    await suite.signIn(first, ADA);
    await first.getByText("Connected").waitFor();
    await expect(first.title()).resolves.toBe("Northwind Web App");

    const second = await context.newPage();
    await second.goto(`${suite.url}/#/`);
    await second.getByText("Connected").waitFor();

    await first.getByRole("heading", { name: "Only one active tab is allowed" }).waitFor();
    await expect.poll(() => first.title()).toBe("[INACTIVE] Northwind Web App");
    await expect(second.title()).resolves.toBe("Northwind Web App");
    await screenshotBothThemes(first, "inactive-tab");

    // The old tab can take over again.
    await first.getByRole("button", { name: "Use here" }).click();
    await first.getByText("Connected").waitFor();
    await second.getByRole("heading", { name: "Only one active tab is allowed" }).waitFor();
    await context.close();
  });

  it("shows 'Network Offline!' while offline", async () => {
    const { page, context } = await suite.page();
    await suite.signIn(page, ADA);
    await page.getByText("Connected").waitFor();
    await context.setOffline(true);
    await page.getByText("Network Offline!").waitFor();
    // Sticky: still there after the 4 s an error toast normally lasts.
    await page.waitForTimeout(4_500);
    await expect(page.getByText("Network Offline!").isVisible()).resolves.toBe(true);
    await screenshotBothThemes(page, "offline");
    await context.setOffline(false);
    await page.getByText("Network Offline!").waitFor({ state: "detached" });
    await page.getByText("Connected").waitFor();
    await context.close();
  });

  it("routes to every main screen", async () => {
    const { page, context, errors } = await suite.page();
    await suite.signIn(page, ADA);

    await page.getByRole("link", { name: "Members" }).click();
    await page.waitForURL(/#\/users$/);
    await page.getByRole("link", { name: "Bob Builder" }).click();
    await page.getByTestId("profile-name").getByText("Bob Builder").waitFor();
    await screenshotBothThemes(page, "users");

    await page.getByRole("link", { name: "Saved items" }).click();
    await page.getByRole("heading", { name: "No saved items yet" }).waitFor();
    await screenshotBothThemes(page, "favs");

    await page.getByRole("link", { name: "Files" }).click();
    await page.getByRole("heading", { name: "No files yet" }).waitFor();
    await screenshotBothThemes(page, "files");

    await page.getByRole("link", { name: "Settings" }).first().click();
    await page.waitForURL(/#\/setting$/);
    await page.getByTestId("setting-title").getByText("Overview").waitFor();
    await screenshotBothThemes(page, "settings");
    await page.getByRole("link", { name: "My Account" }).click();
    await page.getByTestId("account-name").getByText(ADA.name).waitFor();
    // A page that needs a newer server than this one says which version.
    await page.getByRole("link", { name: "Widget" }).click();
    const version = await page.evaluate(() => fetch("/api/admin/system/version").then((r) => r.text()));
    if (!/^0\.(4|5)\./.test(version)) {
      await page.getByText("This function needs server version 0.4.0 at least").waitFor();
      await page.getByText("Please upgrade the Server!").waitFor();
      await screenshotBothThemes(page, "settings-version-gate");
    }
    await page.getByRole("link", { name: "Version" }).click();
    await page.getByTestId("server-version").getByText(version).waitFor();

    // The chat screens: the conversation list and a channel.
    await page.getByRole("link", { name: "Chat" }).click();
    await page.getByRole("link", { name: "general" }).click();
    await page.getByTestId("channel-title").getByText("general").waitFor();
    await page.goto(`${suite.url}/#/setting/channel/1/members`);
    await page.getByRole("heading", { name: "Members" }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("speaks simplified Chinese", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "zh-CN", serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(`${suite.url}/#/login`);
    await page.getByRole("heading", { name: "登录 Northwind" }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("zh-CN");
    // (No screenshots here: the test machine's Chromium has no CJK font.)
    await submitLoginForm(page, ADA);
    await page.getByText("欢迎来到 Northwind").waitFor();
    await page.getByRole("link", { name: "成员" }).waitFor();
    // The stored setting wins over the browser.
    await page.evaluate(() => localStorage.setItem("i18nextLng", "en"));
    await page.reload();
    await page.getByText("Welcome to Northwind").waitFor();
    await context.close();
  });
});
