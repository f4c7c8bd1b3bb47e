/** What the chat tests share: signing in through the login form, and finding messages and the composer. */
import type { Page } from "playwright-core";

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in through the login form and waits for the home screen. */
export async function signIn(page: Page, baseUrl: string, who: Credentials) {
  await page.goto(`${baseUrl}/#/login`);
  await page.locator("input[name=email]").fill(who.email);
  await page.locator("input[name=password]").fill(who.password);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/#\/$/);
}

/** Signs in, then opens channel `gid` from the sidebar by its name. */
export async function signInToChannel(page: Page, baseUrl: string, who: Credentials, gid: number, name = "general") {
  await signIn(page, baseUrl, who);
  await page.getByRole("link", { name }).click();
  await page.waitForURL(new RegExp(`#/chat/channel/${gid}$`));
}

export const messageList = (page: Page) => page.getByTestId("message-list");

/** The message row whose text matches. */
export const message = (page: Page, text: string | RegExp) =>
  messageList(page).getByTestId("message").filter({ has: page.getByTestId("message-content").getByText(text) });

/** A file message, whatever its rendering (image thumbnail or file card): both carry the name as title. */
export const fileMessage = (page: Page, name: string) => messageList(page).getByTestId("message").filter({ has: page.locator(`[title="${name}"]`) });

export const composer = (page: Page) => page.getByTestId("composer");
