/**
 * Signing in to the embeddable widget with the server's other methods (docs/API.md "Widget"),
 * on a page of a second origin: a member signs in with a password and talks to the host as
 * themself; a visitor signs in with GitHub in a popup (a local server speaks GitHub's
 * endpoints), whose callback page asks to close the window and return to the widget, and the
 * widget goes on by itself with the same conversation. Screenshots: the sign-in part of the
 * panel and the callback page, light and dark.
 */
import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginConfig } from "@parley/protocol";
import { closeCleanly, screenshotBothThemes, SCREENSHOTS, type TestPage } from "../helpers/browser";
import { message, openRoute } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

/** GitHub's endpoints as the sign-in uses them: the authorize page sends the browser straight back with a code. */
async function startFakeGithub(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "octo-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      return res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") return json({ access_token: "gho_octo", token_type: "bearer" });
    if (req.method === "GET" && url.pathname === "/user") return json({ id: 4242, login: "octo", name: "Octo Cat" });
    if (req.method === "GET" && url.pathname === "/user/emails") return json([{ email: "octo@example.com", primary: true, verified: true }]);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const github = await startFakeGithub();
// The fake GitHub listens on loopback: let the server reach it.
const suite = useSuite({ members: [BOB], env: { PREVIEW_ALLOW_PRIVATE: "1", GITHUB_URL: github.url, GITHUB_API_URL: github.url } });

let site: http.Server;
let listed = "";

beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Our shop</h1>
<script src="${suite.url}/widget.js" data-host-id="${suite.uid(ADA)}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  listed = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await suite.admin.request("PUT", "/admin/widget/config", { allowed_origins: [listed], color: "#0f766e", position: "right", title: "Shop support", welcome: "Hi! Ask us anything.", logo_url: "" });
  await suite.admin.request("POST", "/admin/github_auth/config", { client_id: "Iv1.widgete2e", client_secret: "gh-secret" });
  const config = await suite.admin.request<LoginConfig>("GET", "/admin/login/config");
  await suite.admin.request("POST", "/admin/login/config", { ...config, github: true });
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await new Promise((resolve) => github.server.close(resolve));
});

/** The shop's page in light and dark (the widget follows the system's scheme; the page has no theme switch). */
async function shotBoth(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.mouse.move(1, 1);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const panel = (page: Page) => page.getByRole("dialog", { name: "Open chat" });
const widgetMessage = (page: Page, text: string) => page.locator(".widget-message", { hasText: text });

async function openWidget(tp: TestPage): Promise<Page> {
  await tp.page.goto(`${listed}/`);
  await tp.page.getByRole("button", { name: "Open chat" }).click();
  await panel(tp.page).getByText("Hi! Ask us anything.").waitFor();
  return tp.page;
}

describe("signing in to the widget", () => {
  it("a member signs in with a password and talks to the host as themself", async () => {
    const visitor = await suite.page();
    const page = await openWidget(visitor);
    await panel(page).getByRole("button", { name: "I have an account: sign in" }).click();
    await panel(page).getByRole("button", { name: "Continue with GitHub" }).waitFor();
    await panel(page).getByRole("textbox", { name: "Your e-mail" }).last().fill(BOB.email);
    await panel(page).getByLabel("Password").fill("not the password");
    await panel(page).getByRole("button", { name: "Sign in", exact: true }).click();
    const refusal = panel(page).getByText("Wrong e-mail or password.");
    await refusal.waitFor();
    // Said as an error (the widget's error red), not in the footer's muted grey.
    expect(await refusal.evaluate((e) => getComputedStyle(e).color)).toBe("rgb(220, 38, 38)");
    await shotBoth(page, "widget-sign-in");
    await panel(page).getByLabel("Password").fill(BOB.password);
    await panel(page).getByRole("button", { name: "Sign in", exact: true }).click();
    // Signed in: the sign-in part goes, and the widget talks as Bob.
    await expect.poll(() => panel(page).getByRole("button", { name: "Sign in", exact: true }).isVisible(), { timeout: 10_000 }).toBe(false);
    await panel(page).getByRole("textbox").fill("Bob here, from the shop page");
    await panel(page).getByRole("textbox").press("Enter");
    await widgetMessage(page, "Bob here").waitFor();

    // The host reads it in the ordinary DM with Bob.
    const host = await suite.signedInPage(ADA);
    await openRoute(host.page, `/chat/dm/${suite.uid(BOB)}`);
    await message(host.page, "Bob here, from the shop page").waitFor();
    await closeCleanly(visitor, host);
  });

  it("a visitor signs in with GitHub in a popup that asks to close it; the widget goes on with the conversation", async () => {
    const visitor = await suite.page();
    const page = await openWidget(visitor);
    await panel(page).getByRole("textbox").fill("Is the red teapot back?");
    await panel(page).getByRole("textbox").press("Enter");
    await widgetMessage(page, "red teapot").waitFor();
    await panel(page).getByRole("button", { name: "I have an account: sign in" }).click();
    const popupOpened = page.waitForEvent("popup");
    await panel(page).getByRole("button", { name: "Continue with GitHub" }).click();
    const popup = await popupOpened;
    // The provider sends the popup to the widget's GitHub callback page, which asks to close the window.
    await popup.getByText("Please close this window and return to the widget.").waitFor({ timeout: 15_000 });
    expect(new URL(popup.url()).hash).toMatch(/^#\/cb\/github\/widget/);
    await screenshotBothThemes(popup, "widget-github-callback");
    // The widget picks the session up by itself: the sign-in part goes, the conversation stays.
    await expect.poll(() => panel(page).getByRole("button", { name: "I have an account: sign in" }).isVisible(), { timeout: 10_000 }).toBe(false);
    await widgetMessage(page, "red teapot").waitFor();
    const key = `parley-widget:${suite.url}:${suite.uid(ADA)}`;
    const uid = await page.evaluate((k) => (JSON.parse(localStorage.getItem(k) ?? "{}") as { uid: number }).uid, key);
    await suite.admin.send({ uid }, "Yes, it came back yesterday.");
    await widgetMessage(page, "came back yesterday").waitFor({ timeout: 10_000 });
    await popup.close();
    // A reload goes on signed in: the same conversation, nothing to sign in with.
    await page.reload();
    await page.getByRole("button", { name: "Open chat" }).click();
    await widgetMessage(page, "came back yesterday").waitFor();
    expect(await panel(page).getByRole("button", { name: "I have an account: sign in" }).isVisible()).toBe(false);
    await closeCleanly(visitor);
  });
});
