/**
 * The whole first-run story on a fresh server: onboarding creates the admin, the admin creates a
 * channel and a second user, both log in through the form, chat live, and keep their history
 * across a reload.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../helpers/api";
import { launchBrowser, openPage, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import { messageList } from "../helpers/chat";

const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };
const BOB = { name: "Bob Builder", email: "bob@example.com", password: "battery staple 2" };

let server: TestServer;
let browser: Browser;
const pages: TestPage[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loginThroughForm(page: Page, email: string, password: string) {
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.locator("button[type=submit]").click();
}


describe("chat", () => {
  it("onboards, then two users chat live and keep their history after a reload", async () => {
    const a = await openPage(browser);
    pages.push(a);
    const { page: pa } = a;

    // A fresh server sends the first visitor to onboarding.
    await pa.goto(`${server.url}/`);
    await pa.waitForURL(/#\/onboarding$/);
    await pa.getByRole("button", { name: "Get started" }).waitFor();
    await expect(pa.title()).resolves.toMatch(/Web App$/);

    await pa.getByRole("button", { name: "Get started" }).click();
    await pa.getByLabel("Server name").fill("Parley Test");
    await pa.getByRole("button", { name: "Next" }).click();
    await pa.getByLabel("Name", { exact: true }).fill(ADMIN.name);
    await pa.getByLabel("Email").fill(ADMIN.email);
    await pa.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await pa.getByLabel("Confirm password").fill(ADMIN.password);
    await pa.getByRole("button", { name: "Create admin account" }).click();
    // Who can sign up (keep "Everyone"), Invites, Done.
    await pa.getByRole("heading", { name: "Who can sign up?" }).waitFor();
    await pa.getByRole("button", { name: "Next" }).click();
    await pa.getByRole("heading", { name: "Invite your team" }).waitFor();
    await pa.getByRole("button", { name: "Next" }).click();
    await pa.getByRole("button", { name: "Start chatting" }).click();
    await pa.waitForURL(/#\/$/);
    await expect(pa.getByTestId("current-user").innerText()).resolves.toBe(ADMIN.name);

    // The admin sets up a channel and a second user through the API.
    const api = new Api(server.url);
    await api.login(ADMIN.email, ADMIN.password);
    const { gid } = await api.createChannel("general", "Company-wide announcements and chatter");
    await api.createUser(BOB.email, BOB.name, BOB.password);

    // The new channel shows up live (joined_group) in the admin's sidebar.
    await pa.getByRole("link", { name: "general" }).waitFor();

    // The admin logs out (account menu, then the confirmation) and back in through the login form.
    await pa.getByTestId("user-menu").click();
    await pa.getByRole("menuitem", { name: "Log out" }).click();
    await screenshotBothThemes(pa, "logout-confirm");
    await pa.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
    await pa.waitForURL(/#\/login$/);
    await pa.locator("input[name=email]").waitFor();
    await pa.getByText("Logout Successfully!").waitFor();
    // Logging out must not surface an error toast (the server kicks the stream as it answers).
    await expect(pa.getByText(/Failed to fetch/).count()).resolves.toBe(0);
    await screenshotBothThemes(pa, "login");
    await loginThroughForm(pa, ADMIN.email, ADMIN.password);
    await pa.waitForURL(/#\/$/);

    // The second user logs in in another browser context.
    const b = await openPage(browser);
    pages.push(b);
    const { page: pb } = b;
    await pb.goto(`${server.url}/#/login`);
    await loginThroughForm(pb, BOB.email, BOB.password);
    await pb.waitForURL(/#\/$/);

    // Both open the channel.
    await pa.getByRole("link", { name: "general" }).click();
    await pa.waitForURL(new RegExp(`#/chat/channel/${gid}$`));
    await pb.getByRole("link", { name: "general" }).click();
    await pb.waitForURL(new RegExp(`#/chat/channel/${gid}$`));
    await expect(pa.getByTestId("channel-title").innerText()).resolves.toBe("general");

    // Each sends a message and sees the other's arrive live.
    await pa.getByTestId("composer").fill("Hello from Ada!");
    await pa.getByTestId("composer").press("Enter");
    await messageList(pb).getByText("Hello from Ada!").waitFor();

    await pb.getByTestId("composer").fill("Hi Ada, Bob here.");
    await pb.getByTestId("composer").press("Shift+Enter");
    await pb.getByTestId("composer").pressSequentially("Second line.");
    await pb.getByTestId("composer").press("Enter");
    await messageList(pa).getByText("Second line.").waitFor();
    await expect(pb.getByTestId("composer").inputValue()).resolves.toBe("");

    const expected = ["Hello from Ada!", "Hi Ada, Bob here.\nSecond line."];
    const contents = (page: Page) => page.getByTestId("message-content").allInnerTexts();
    // No duplicate from the stream echo of one's own message, and nothing left "sending".
    await expect.poll(() => contents(pa)).toEqual(expected);
    await expect.poll(() => contents(pb)).toEqual(expected);
    await expect.poll(() => pa.locator("[data-sending]").count()).toBe(0);
    await screenshotBothThemes(pa, "channel");

    // History survives a reload.
    await Promise.all([pa.reload(), pb.reload()]);
    await messageList(pa).getByText("Second line.").waitFor();
    await messageList(pb).getByText("Second line.").waitFor();
    await expect.poll(() => contents(pa)).toEqual(expected);
    await expect.poll(() => contents(pb)).toEqual(expected);

    // And the stream still works after the reload (it resumes from after_mid).
    await pb.getByTestId("composer").fill("Still here after the reload");
    await pb.getByTestId("composer").press("Enter");
    await messageList(pa).getByText("Still here after the reload").waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
