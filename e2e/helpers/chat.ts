/** What the chat tests share: signing in through the login form, and finding messages and the composer. */
import type { Locator, Page } from "playwright-core";

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
