/** What the chat tests share: signing in through the login form, and finding messages and the composer. */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { Api } from "./api";

export interface Credentials {
  email: string;
  password: string;
}

/** Fills the login form on the page shown and submits it. */
export async function submitLoginForm(page: Page, who: Credentials) {
  await page.locator("input[name=email]").fill(who.email);
  await page.locator("input[name=password]").fill(who.password);
  await page.locator("button[type=submit]").click();
}

/** Signs in through the login form and waits for the home screen. */
export async function signIn(page: Page, baseUrl: string, who: Credentials) {
  await page.goto(`${baseUrl}/#/login`);
  await submitLoginForm(page, who);
  await page.waitForURL(/#\/$/);
}

/**
 * Signs in without the login form, as a reload of a signed-in tab does: logs in through the API
 * as a new web device, stores the session where the client keeps it (VoceChat's local-storage
 * keys, web/src/app/config.ts) and opens the home screen. One load of the app instead of the
 * login screen and then the app; the form itself is what `signIn` and the auth suites drive.
 */
export async function restoreSession(page: Page, baseUrl: string, who: Credentials) {
  const device = `web:e2e${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const login = await new Api(baseUrl).login(who.email, who.password, device);
  // Any page of the origin gives its storage; the icon is the smallest.
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    ({ login, device }) => {
      localStorage.setItem("VOCECHAT_DEVICE_KEY", device);
      localStorage.setItem("VOCECHAT_TOKEN", login.token);
      localStorage.setItem("VOCECHAT_REFRESH_TOKEN", login.refresh_token);
      localStorage.setItem("VOCECHAT_TOKEN_EXPIRE", String(Date.now() + login.expired_in * 1000));
      localStorage.setItem("VOCECHAT_CURR_UID", String(login.user.uid));
      localStorage.setItem("VOCECHAT_LOGIN_USER", JSON.stringify(login.user));
    },
    { login, device },
  );
  await page.goto(`${baseUrl}/#/`);
  // The home screen's connection status: the app has started signed in.
  await page.locator("[data-sse]").waitFor();
}

/** Opens channel `gid` from the sidebar by its name. */
export async function openChannelFromSidebar(page: Page, gid: number, name = "general") {
  await page.getByRole("link", { name }).click();
  await page.waitForURL(new RegExp(`#/chat/channel/${gid}$`));
}

/** Moves the app to another route in place (no reload), as a link in the app would. */
export async function openRoute(page: Page, route: string) {
  await page.evaluate((r) => (window.location.hash = r), route);
  await page.waitForURL(new RegExp(`#${route}$`));
}

export const messageList = (page: Page) => page.getByTestId("message-list");

/** The message row whose text matches. */
export const message = (page: Page, text: string | RegExp) =>
  messageList(page).getByTestId("message").filter({ has: page.getByTestId("message-content").getByText(text) });

/** A file message, whatever its rendering (image thumbnail or file card): both carry the name as title. */
export const fileMessage = (page: Page, name: string) => messageList(page).getByTestId("message").filter({ has: page.locator(`[title="${name}"]`) });

export const composer = (page: Page) => page.getByTestId("composer");

/** Types `text` into the composer and sends it with Enter. */
export async function sendFromComposer(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** Hovers a message and presses one of the buttons of its toolbar. */
export async function messageAction(msg: Locator, action: string) {
  await msg.hover();
  await msg.getByRole("toolbar").getByRole("button", { name: action, exact: true }).click();
}
