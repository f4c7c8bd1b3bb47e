/**
 * The sign-in screens against the login config: the methods shown, guest mode on and off, the
 * e-mail link, registration (open and invitation-only), the magic-link invalid page, and the
 * mobile invitation on a phone and on a desktop.
 */
import { describe, expect, it } from "vitest";
import type { LoginConfig } from "@parley/protocol";
import { screenshotBothThemes } from "../helpers/browser";
import { useSuite } from "../helpers/suite";

const suite = useSuite();

async function setLoginConfig(patch: Partial<LoginConfig>) {
  const current = await suite.admin.request<LoginConfig>("GET", "/admin/login/config");
  await suite.admin.request("POST", "/admin/login/config", { ...current, ...patch });
}

describe("sign-in methods", () => {
  it("shows the methods the login config turns on", async () => {
    await setLoginConfig({ metamask: true, github: true, oidc: [{ enable: true, domain: "sso.example.com", favicon: "" }] });
    const { page, context, errors } = await suite.page();
    await page.goto(`${suite.url}/#/login`);
    await page.getByRole("button", { name: "Sign in with MetaMask" }).waitFor();
    await page.getByRole("button", { name: "Sign in with sso.example.com" }).waitFor();
    await page.getByRole("link", { name: "Sign up" }).waitFor();
    await screenshotBothThemes(page, "login-methods");

    // Without a wallet, MetaMask explains itself.
    await page.getByRole("button", { name: "Sign in with MetaMask" }).click();
    await page.getByText("MetaMask is not installed in this browser.").waitFor();

    await setLoginConfig({ metamask: false, github: false, oidc: [], who_can_sign_up: "InvitationOnly" });
    await page.reload();
    await page.locator("input[name=email]").waitFor();
    await expect(page.getByRole("button", { name: "Sign in with MetaMask" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Sign up" }).count()).resolves.toBe(0);
    await setLoginConfig({ who_can_sign_up: "EveryOne" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers the guest entry only while guest mode is on", async () => {
    const { page, context } = await suite.page();
    await setLoginConfig({ guest: true });
    await suite.admin.createChannel("general", "Everyone");
    await page.goto(`${suite.url}/#/login`);
    await page.getByRole("button", { name: "Continue as guest" }).waitFor();
    await screenshotBothThemes(page, "login-guest");

    // A logged-out visitor of a guest-allowed path is sent to /guest_login (docs/ARCHITECTURE.md "Client rules").
    await page.goto(`${suite.url}/#/chat`);
    await page.waitForURL(/#\/guest_login$/);
    // The guest session needs `GET /api/token/login_guest`; without it the page says so.
    const guestHome = page.getByRole("heading", { name: "Pick a conversation" });
    const unavailable = page.getByRole("heading", { name: "Guest access is not available" });
    await guestHome.or(unavailable).first().waitFor();
    if (await guestHome.count()) {
      // A guest reads a public channel; sending asks to sign in.
      await page.getByRole("link", { name: "general" }).click();
      await page.getByTestId("channel-title").getByText("general").waitFor();
      await page.getByTestId("guest-sign-in").getByText("Please sign in to send message").waitFor();
      await expect(page.getByTestId("composer").count()).resolves.toBe(0);
      await screenshotBothThemes(page, "guest-channel");
      await page.getByTestId("guest-sign-in").getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/#\/login$/);
      await page.locator("input[name=email]").waitFor();
    } else {
      await screenshotBothThemes(page, "guest-login");
    }

    await setLoginConfig({ guest: false });
    await page.evaluate(() => localStorage.clear());
    // A fresh load reads the login config again.
    await page.goto(`${suite.url}/#/login`);
    await page.reload();
    await page.locator("input[name=email]").waitFor();
    await expect(page.getByRole("button", { name: "Continue as guest" }).count()).resolves.toBe(0);
    await page.goto(`${suite.url}/#/guest_login`);
    await page.getByRole("heading", { name: "Guest Mode Off" }).waitFor();
    await context.close();
  });
});

describe("e-mail, registration and invitations", () => {
  it("shows the e-mail link, registration and magic-link pages", async () => {
    const { page, context, errors } = await suite.page();
    await page.goto(`${suite.url}/#/email_login`);
    await page.getByRole("button", { name: "Continue with e-mail" }).waitFor();
    await screenshotBothThemes(page, "email-login");

    await page.goto(`${suite.url}/#/register`);
    await page.getByRole("button", { name: "Create account" }).waitFor();
    await page.locator("input[name=email]").fill("new@example.com");
    await page.locator("input[name=password]").fill("secret-1");
    await page.locator("input[name=confirm]").fill("secret-2");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("The passwords do not match.").waitFor();
    await screenshotBothThemes(page, "register");

    // Invitation only, and no invitation: the register page says so.
    await setLoginConfig({ who_can_sign_up: "InvitationOnly" });
    await page.reload();
    await page.getByRole("heading", { name: "Invitation only" }).waitFor();
    await setLoginConfig({ who_can_sign_up: "EveryOne" });

    // A name step without a valid token is the magic-link invalid page.
    await page.goto(`${suite.url}/#/register/set_name`);
    await page.getByText("Magic link invalid or expired, Please request a new magic link.").waitFor();
    await screenshotBothThemes(page, "magic-link-invalid");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("registers through an invitation link: e-mail and password, then the name", async () => {
    // Without SMTP the server answers the confirmed token at once, and the name step follows.
    const res = await fetch(`${suite.url}/api/group/create_reg_magic_link`, { headers: { "X-API-Key": suite.admin.token } });
    const invite = (await res.text()).trim();
    expect(invite).toMatch(/\?magic_token=.+#\/register$/);
    const { page, context, errors } = await suite.page();
    await page.goto(invite);
    await page.getByText("You have been invited. Create your account to join.").waitFor();
    await page.locator("input[name=email]").fill("newbie@example.com");
    await page.locator("input[name=password]").fill("newbie-pass-1");
    await page.locator("input[name=confirm]").fill("newbie-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/#\/register\/set_name\?magic_token=/);
    await page.getByRole("heading", { name: "What's your name?" }).waitFor();
    await screenshotBothThemes(page, "register-set-name");
    await page.getByLabel("Name").fill("Nina Newbie");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Register Successfully!").waitFor();
    await page.waitForURL(/#\/$/);
    await expect(page.getByTestId("current-user").innerText()).resolves.toBe("Nina Newbie");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("builds the mobile invitation, and sends desktops straight to registration", async () => {
    const phone = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      locale: "en-US",
      serviceWorkers: "block",
    });
    const page = await phone.newPage();
    await page.goto(`${suite.url}/#/invite_mobile/tok123`);
    await page.getByRole("link", { name: "Continue with webapp" }).waitFor();
    await expect(page.getByTestId("copy-value").inputValue()).resolves.toBe(`${suite.url}/#/register?magic_token=tok123`);
    await expect(page.getByRole("link", { name: "Open in app" }).getAttribute("href")).resolves.toMatch(/^vocechat:\/\/i\?magic_link=/);
    await page.getByRole("link", { name: "Get it on Google Play" }).waitFor();
    await page.getByRole("link", { name: "Download the Android APK" }).waitFor();
    // The mobile-app toast (Open / Dismiss) shows on phones.
    await page.getByRole("button", { name: "Dismiss" }).click();
    await page.waitForTimeout(300);
    await screenshotBothThemes(page, "invite-mobile");
    await phone.close();

    const { page: desktop, context } = await suite.page();
    await desktop.goto(`${suite.url}/#/invite_mobile/tok123`);
    await desktop.waitForURL(/#\/register\?magic_token=tok123$/);
    await desktop.getByRole("button", { name: "Create account" }).waitFor();
    await context.close();
  });

  it("lands OAuth and GitHub callbacks on a clear result", async () => {
    const { page, context } = await suite.page();
    await page.goto(`${suite.url}/#/oauth/not-a-real-key`);
    await page.getByRole("heading", { name: "Sign-in failed" }).waitFor();
    await page.goto(`${suite.url}/#/cb/github/widget`);
    await page.getByRole("heading", { name: "GitHub sign-in failed" }).waitFor();
    await context.close();
  });
});
