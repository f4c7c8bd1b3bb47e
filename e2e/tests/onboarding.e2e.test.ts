/**
 * The six-step onboarding on a fresh server: Welcome Page, Set Name, Admin Account,
 * Who Can Sign Up, Invites, Done — then the home welcome screen with its five entries.
 */
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { useSuite } from "../helpers/suite";

const ADMIN = { name: "Olga Owner", email: "olga@example.com", password: "onboard-me-1" };
const SERVER_NAME = "Acme Chat";

// No admin yet: the wizard creates one.
const suite = useSuite({ admin: null });

describe("onboarding", () => {
  it("runs the six steps on a fresh server and lands on the home screen", async () => {
    const { page, errors, context } = await suite.page();
    await page.goto(`${suite.url}/`);
    await page.waitForURL(/#\/onboarding$/);

    // 1. Welcome Page
    await page.getByRole("heading", { name: "Welcome to Parley" }).waitFor();
    await screenshotBothThemes(page, "onboarding-1-welcome");
    await page.getByRole("button", { name: "Get started" }).click();

    // 2. Set Name
    await page.getByLabel("Server name").fill(SERVER_NAME);
    await screenshotBothThemes(page, "onboarding-2-name");
    await page.getByRole("button", { name: "Next" }).click();

    // 3. Admin Account (create_admin, then login; the name of step 2 is saved)
    await page.getByLabel("Name", { exact: true }).fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Confirm password").fill(ADMIN.password);
    await screenshotBothThemes(page, "onboarding-3-admin");
    await page.getByRole("button", { name: "Create admin account" }).click();

    // 4. Who Can Sign Up
    await page.getByRole("heading", { name: "Who can sign up?" }).waitFor();
    expect(page.url()).toMatch(/#\/onboarding$/);
    await page.getByRole("radio", { name: /Invitation link only/ }).click();
    await expect(page.getByRole("radio", { name: /Invitation link only/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await screenshotBothThemes(page, "onboarding-4-signup");
    await page.getByRole("button", { name: "Next" }).click();

    // 5. Invites: a real link, or (while the server lacks the route) the error state.
    await page.getByRole("heading", { name: "Invite your team" }).waitFor();
    const link = page.getByTestId("copy-value");
    const noLink = page.getByText("No invitation link yet");
    await link.or(noLink).first().waitFor();
    if (await link.count()) {
      await expect(link.inputValue()).resolves.toMatch(/magic_token=/);
      await page.getByRole("button", { name: "Copy" }).click();
      await page.getByText("Copied!").waitFor();
    }
    await screenshotBothThemes(page, "onboarding-5-invites");
    await page.getByRole("button", { name: "Next" }).click();

    // 6. Done
    await page.getByRole("heading", { name: "You're all set" }).waitFor();
    await screenshotBothThemes(page, "onboarding-6-done");
    await page.getByRole("button", { name: "Start chatting" }).click();
    await page.waitForURL(/#\/$/);

    // Home: the five entries, the server name in the title.
    const entries = page.getByTestId("welcome-entries");
    for (const name of ["Invite friends", "Create a channel", "Send a direct message", "Download the mobile apps", "Help"]) {
      await entries.getByText(name, { exact: true }).waitFor();
    }
    await expect.poll(() => page.title()).toBe(`${SERVER_NAME} Web App`);
    await expect(page.getByTestId("current-user").innerText()).resolves.toBe(ADMIN.name);
    await page.getByText("Connected").waitFor();
    await screenshotBothThemes(page, "home");

    // The server kept what the wizard set.
    const api = await suite.api(ADMIN);
    await expect(api.request<{ name: string }>("GET", "/admin/system/organization")).resolves.toMatchObject({ name: SERVER_NAME });
    await expect(api.request<{ who_can_sign_up: string }>("GET", "/admin/login/config")).resolves.toMatchObject({ who_can_sign_up: "InvitationOnly" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
