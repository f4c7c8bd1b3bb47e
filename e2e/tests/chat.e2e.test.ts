/**
 * The whole first-run story on a fresh server: onboarding creates the admin, the admin creates a
 * channel and a second user, both log in through the form, chat live, and keep their history
 * across a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { messageList, openChannelFromSidebar, sendFromComposer, submitLoginForm } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

// No admin yet: the test starts with onboarding.
const suite = useSuite({ admin: null });

describe("chat", () => {
  it("onboards, then two users chat live and keep their history after a reload", async () => {
    const a = await suite.page();
    const { page: pa } = a;

    // A fresh server sends the first visitor to onboarding.
    await pa.goto(`${suite.url}/`);
    await pa.waitForURL(/#\/onboarding$/);
    await pa.getByRole("button", { name: "Get started" }).waitFor();
    await expect(pa.title()).resolves.toMatch(/Web App$/);

    await pa.getByRole("button", { name: "Get started" }).click();
    await pa.getByLabel("Server name").fill("Parley Test");
    await pa.getByRole("button", { name: "Next" }).click();
    await pa.getByLabel("Name", { exact: true }).fill(ADA.name);
    await pa.getByLabel("Email").fill(ADA.email);
    await pa.getByLabel("Password", { exact: true }).fill(ADA.password);
    await pa.getByLabel("Confirm password").fill(ADA.password);
    await pa.getByRole("button", { name: "Create admin account" }).click();
    // Who can sign up (keep "Everyone"), Invites, Done.
    await pa.getByRole("heading", { name: "Who can sign up?" }).waitFor();
    await pa.getByRole("button", { name: "Next" }).click();
    await pa.getByRole("heading", { name: "Invite your team" }).waitFor();
    await pa.getByRole("button", { name: "Next" }).click();
    await pa.getByRole("button", { name: "Start chatting" }).click();
    await pa.waitForURL(/#\/$/);
    await expect(pa.getByTestId("current-user").innerText()).resolves.toBe(ADA.name);

    // The admin sets up a channel and a second user through the API.
    const api = await suite.api(ADA);
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
    await submitLoginForm(pa, ADA);
    await pa.waitForURL(/#\/$/);

    // The second user logs in in another browser context.
    const b = await suite.page();
    const { page: pb } = b;
    await pb.goto(`${suite.url}/#/login`);
    await submitLoginForm(pb, BOB);
    await pb.waitForURL(/#\/$/);

    // Both open the channel.
    await openChannelFromSidebar(pa, gid);
    await openChannelFromSidebar(pb, gid);
    await expect(pa.getByTestId("channel-title").innerText()).resolves.toBe("general");

    // Each sends a message and sees the other's arrive live.
    await sendFromComposer(pa, "Hello from Ada!");
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
    await sendFromComposer(pb, "Still here after the reload");
    await messageList(pa).getByText("Still here after the reload").waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
