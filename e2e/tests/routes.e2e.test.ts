/** Routing on an initialized server: the 404 page, the login redirect with a remembered path, and the login page budget. */
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { gzipSizes, recordAssets } from "../helpers/bundle";
import { useSuite } from "../helpers/suite";

const ADMIN = { name: "Root", email: "root@example.com", password: "hunter2hunter2" };

const suite = useSuite({ admin: ADMIN, channels: [{ name: "random", description: "Off-topic" }] });

describe("routes", () => {
  it("shows a plain 404 page for unknown paths", async () => {
    const { page, context } = await suite.page();
    await page.goto(`${suite.url}/#/no/such/page`);
    await page.getByRole("heading", { name: "404 page" }).waitFor();
    await screenshotBothThemes(page, "not-found");
    await context.close();
  });

  it("remembers the path, sends to login, and returns there once after login", async () => {
    const gid = suite.gid("random");
    const { page, context, errors } = await suite.page();
    await page.goto(`${suite.url}/#/chat/channel/${gid}`);
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
    await page.goto(`${suite.url}/#/login`);
    await page.waitForURL(/#\/$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the login page within 130 KB gzip of JS and CSS", async () => {
    const { page, context } = await suite.page();
    const assets = recordAssets(page);
    await page.goto(`${suite.url}/#/login`);
    await page.locator("input[name=email]").waitFor();
    await page.waitForLoadState("networkidle");
    const total = gzipSizes(assets).reduce((sum, x) => sum + x.size, 0);
    console.info(`login page: ${[...assets].join(", ")} = ${(total / 1000).toFixed(1)} kB gzip`);
    // docs/PERFORMANCE.md's budget, "≤ 130 KB gzip", counted as bench/bundle.mjs counts it: KiB.
    expect(total).toBeLessThanOrEqual(130 * 1024);
    await context.close();
  });
});
