/**
 * The embeddable widget against the production build: a page served from a second origin embeds
 * `widget.js`; a visitor writes to the host, the host answers from Parley's client in another
 * browser context and the visitor sees it live; a reload keeps the conversation; the page's
 * styles and the widget's do not leak into each other; a site the admin did not list gets the
 * "not available" state. `widget.js` is served as JavaScript with its ETag, within its size
 * budget. A visitor who signs in by e-mail goes on with its conversation in another browser.
 * Screenshots: the bubble, the open panel (light and dark), the Widget settings page.
 */
import http from "node:http";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothSchemes } from "../helpers/axe";
import { closeCleanly, screenshotBothThemes, SCREENSHOTS, type TestPage } from "../helpers/browser";
import { message, openRoute, sendFromComposer } from "../helpers/chat";
import { WEB_DIST } from "../helpers/server";
import { ADA, useSuite } from "../helpers/suite";
import { startSmtp } from "../../server/src/test/smtp";

const suite = useSuite();

/** The widget's gzip budget: it loads on other people's pages. */
const WIDGET_BUDGET_BYTES = 30 * 1024;

/** A site on another origin whose page embeds the widget (and styles that would leak if they could). */
let site: http.Server;
let port = 0;
const listed = () => `http://127.0.0.1:${port}`;
// The same server by another name is another origin, one the admin did not list.
const unlisted = () => `http://localhost:${port}`;

beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Shop</title>
<style>* { font-family: serif !important; } .widget-message, .widget-bubble { display: none !important; } body { background: #fafaf9; margin: 0; padding: 40px; }</style></head>
<body><h1>Our shop</h1><p>Questions? Ask us below.</p><button class="widget-send" id="page-button">Buy</button>
<script src="${suite.url}/widget.js" data-host-id="${suite.uid(ADA)}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  port = (site.address() as AddressInfo).port;
});

afterAll(async () => {
  if (site) await new Promise((resolve) => site.close(resolve));
});

const shot = (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
};

/** The widget's bubble and panel (Playwright's selectors reach into its open shadow root). */
const bubble = (page: Page) => page.locator("[data-parley-widget]").locator(".widget-bubble");
const panel = (page: Page) => page.getByRole("dialog", { name: "Open chat" });
const widgetMessage = (page: Page, text: string) => page.locator(".widget-message", { hasText: text });

describe("the embeddable widget", () => {
  it("serves widget.js as JavaScript with an ETag and a day's cache, within its budget", async () => {
    const res = await fetch(`${suite.url}/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    await res.arrayBuffer();
    expect((await fetch(`${suite.url}/widget.js`, { headers: { "if-none-match": etag ?? "" } })).status).toBe(304);
    const gzip = gzipSync(readFileSync(path.join(WEB_DIST, "widget", "widget.js"))).length;
    console.log(`widget.js: ${gzip} bytes gzipped (budget ${WIDGET_BUDGET_BYTES})`);
    expect(gzip).toBeLessThanOrEqual(WIDGET_BUDGET_BYTES);
  });

  it("the admin lists the site and sets the look on the Widget settings page", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/widget");
    const form = page.getByRole("form", { name: "Sites and appearance" });
    await form.getByLabel("Allowed sites").fill(listed());
    await form.getByLabel("Title").fill("Shop support");
    await form.getByLabel("Welcome message").fill("Hi! Ask us anything, we usually answer within minutes.");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.getByText("The widget settings were saved.").waitFor();
    const stored = await suite.admin.request<{ allowed_origins: string[] }>("GET", "/admin/widget/config");
    expect(stored.allowed_origins).toEqual([listed()]);
    // The page as it rests: no toasts, the sites and look in view.
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
    await page.getByText("Sites and appearance").scrollIntoViewIfNeeded();
    await page.getByText("Sites and appearance").evaluate((h) => h.scrollIntoView({ block: "start" }));
    await screenshotBothThemes(page, "widget-settings");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "the Widget settings page");
    // The pages and their key, further down.
    const landing = page.getByRole("form", { name: "Landing page" });
    await landing.getByRole("textbox").fill("Welcome to Shop support.");
    await landing.getByRole("button", { name: "Save changes" }).click();
    await landing.getByText("The page was saved.").waitFor();
    expect(await (await fetch(`${suite.url}/api/page/landing`)).text()).toBe("Welcome to Shop support.");
    await page.getByText("Pages", { exact: true }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await screenshotBothThemes(page, "widget-settings-pages");
    await closeCleanly(tp);
  });

  it("a visitor chats with the host, who answers from Parley; the answer arrives live and a reload keeps the conversation", async () => {
    const visitor: TestPage = await suite.page();
    const { page } = visitor;
    await page.goto(`${listed()}/`);
    await bubble(page).waitFor();
    // The page's styles stop at the shadow root: its `display: none` for the bubble does not apply.
    expect(await bubble(page).isVisible()).toBe(true);
    await page.mouse.move(1, 1);
    await shot(page, "widget-bubble-light");

    await page.getByRole("button", { name: "Open chat" }).click();
    await panel(page).getByText("Hi! Ask us anything").waitFor();
    await panel(page).getByText("Shop support").waitFor();
    await panel(page).getByRole("textbox").fill("Hello, is the blue kettle in stock?");
    await panel(page).getByRole("textbox").press("Enter");
    await widgetMessage(page, "blue kettle").waitFor();
    // The page's `* { font-family: serif !important }` does not reach inside either.
    expect(await widgetMessage(page, "blue kettle").evaluate((m) => getComputedStyle(m).fontFamily)).toContain("system-ui");
    // Nor does the widget's stylesheet reach the page: the page's own `.widget-send` button keeps its font.
    expect(await page.locator("#page-button").evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(await panel(page).locator(".widget-composer .widget-send").evaluate((b) => getComputedStyle(b).backgroundColor));

    const key = `parley-widget:${suite.url}:${suite.uid(ADA)}`;
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null") as { uid: number } | null, key);
    expect(stored?.uid).toBeGreaterThan(0);

    // The host answers from Parley's own client, where the visitor is a DM.
    const host = await suite.signedInPage(ADA);
    await openRoute(host.page, `/chat/dm/${stored?.uid}`);
    await message(host.page, "blue kettle").waitFor();
    await sendFromComposer(host.page, "Yes, we have three left.");
    await widgetMessage(page, "three left").waitFor({ timeout: 10_000 });
    await page.mouse.move(1, 1);
    await shot(page, "widget-panel-light");
    await expectNoSeriousA11yViolations(page, "the open widget (light)");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "widget-panel-dark");
    await expectNoSeriousA11yViolations(page, "the open widget (dark)");
    await page.getByRole("button", { name: "Close chat" }).first().click();
    await shot(page, "widget-bubble-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // A reload goes on with the same visitor and conversation.
    await page.reload();
    await page.getByRole("button", { name: "Open chat" }).click();
    await widgetMessage(page, "blue kettle").waitFor();
    await widgetMessage(page, "three left").waitFor();
    expect(await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null") as { uid: number } | null, key)).toMatchObject({ uid: stored?.uid });
    // And live again after the reload.
    await sendFromComposer(host.page, "Shall I reserve one?");
    await widgetMessage(page, "reserve one").waitFor({ timeout: 10_000 });
    await closeCleanly(visitor, host);
  });

  it("a visitor signs in by e-mail, and goes on with the conversation in another browser", async () => {
    const smtp = await startSmtp();
    try {
      await suite.admin.request("POST", "/admin/smtp/config", { enabled: true, host: "127.0.0.1", port: smtp.port, from: "Shop <noreply@shop.example>", username: "", password: "" });
      await fetch(`${suite.url}/api/admin/system/update_frontend_url`, { method: "POST", headers: { "content-type": "text/plain", "x-api-key": suite.admin.token }, body: suite.url });
      const first: TestPage = await suite.page();
      await first.page.goto(`${listed()}/`);
      await first.page.getByRole("button", { name: "Open chat" }).click();
      await panel(first.page).getByRole("textbox").fill("Do you ship abroad?");
      await panel(first.page).getByRole("textbox").press("Enter");
      await widgetMessage(first.page, "ship abroad").waitFor();
      await panel(first.page).getByRole("button", { name: "Continue with e-mail" }).click();
      await panel(first.page).getByRole("textbox", { name: "Your e-mail" }).fill("vera@example.com");
      await panel(first.page).getByRole("button", { name: "Send link" }).click();
      await panel(first.page).getByText("Open the link we sent you").waitFor();
      await shot(first.page, "widget-email-light");
      const link = (await smtp.waitFor()).links[0];
      expect(link).toMatch(new RegExp(`^${suite.url}/api/widget/email_login/confirm\\?token=`));
      // Opened in a browser (a mail client's): the page says the chat window goes on by itself.
      const mailTab = await first.context.newPage();
      await mailTab.goto(link);
      await mailTab.getByRole("heading", { name: "You are signed in" }).waitFor();
      await mailTab.close();
      await expect.poll(() => panel(first.page).getByRole("button", { name: "Continue with e-mail" }).isVisible(), { timeout: 10_000 }).toBe(false);

      // Another browser: the same address brings the same conversation.
      const second: TestPage = await suite.page();
      await second.page.goto(`${listed()}/`);
      await second.page.getByRole("button", { name: "Open chat" }).click();
      await panel(second.page).getByRole("button", { name: "Continue with e-mail" }).click();
      await panel(second.page).getByRole("textbox", { name: "Your e-mail" }).fill("vera@example.com");
      await panel(second.page).getByRole("button", { name: "Send link" }).click();
      const secondLink = (await smtp.waitFor(undefined, 5_000, 1)).links[0];
      const tab = await second.context.newPage();
      await tab.goto(secondLink);
      await tab.close();
      await widgetMessage(second.page, "ship abroad").waitFor({ timeout: 10_000 });
      // Both browsers are the same visitor now: an answer reaches both, live.
      await suite.admin.send({ uid: await first.page.evaluate((k) => (JSON.parse(localStorage.getItem(k) ?? "{}") as { uid: number }).uid, `parley-widget:${suite.url}:${suite.uid(ADA)}`) }, "Yes, everywhere in Europe.");
      await widgetMessage(first.page, "Europe").waitFor({ timeout: 10_000 });
      await widgetMessage(second.page, "Europe").waitFor({ timeout: 10_000 });
      await closeCleanly(first, second);
    } finally {
      await smtp.close();
    }
  });

  it("a site the admin did not list gets the 'not available' state", async () => {
    const tp = await suite.page();
    const { page } = tp;
    // The browser reports the refused CORS requests on the console; they are the point here.
    await page.goto(`${unlisted()}/`);
    await bubble(page).waitFor();
    await expect.poll(() => bubble(page).getAttribute("data-unavailable")).toBe("");
    await page.getByRole("button", { name: "Open chat" }).click();
    await page.getByText("Chat is not available on this site.").waitFor();
    expect(await panel(page).getByRole("textbox").isVisible()).toBe(false);
    await page.mouse.move(1, 1);
    await shot(page, "widget-unavailable-light");
    await closeCleanly(tp);
  });
});
