/**
 * The admin console's server settings against a real server: renaming the server and changing
 * its logo on Overview reach a second signed-in page's sidebar through the event stream, without
 * a reload; SMTP settings saved on their page carry a test mail to an SMTP server in this process
 * (the server kit's `smtp-server`); a Configuration switch and a Login Methods choice are what the
 * API answers afterwards; Agora's project saved with its secrets masked on reading. Screenshots:
 * the five pages, light and dark.
 */
import type { AgoraConfig, LoginConfig, SmtpConfig, SystemCommon } from "@parley/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../server/src/test/smtp";
import { expectNoSeriousA11yViolationsInBothSchemes } from "../helpers/axe";
import { closeCleanly, screenshotBothThemes } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { encodePng } from "../helpers/png";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Everyone" }] });

/** The page as it rests: no toasts over it, scrolled to its top. */
async function settle(page: Page) {
  await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => document.querySelectorAll(".scroll-thin").forEach((el) => el.scrollTo(0, 0)));
}

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe("admin console: server settings", () => {
  it("renames the server and changes its logo; another signed-in page shows both without reloading", async () => {
    const watcher = await suite.signedInPage(BOB);
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/overview");
    const name = page.getByLabel("Server name");
    await name.fill("Acme Chat");
    await page.getByLabel("Description").fill("Where Acme talks");
    await page.getByTestId("server-save").click();
    await page.getByText("Saved.").waitFor();

    // Bob's rail names the server by its new name: the stream's server_config_changed.
    await watcher.page.getByRole("navigation").getByRole("link", { name: "Acme Chat" }).waitFor();
    expect(await suite.admin.request("GET", "/admin/system/organization")).toMatchObject({ name: "Acme Chat", description: "Where Acme talks" });

    // A wide picture: the page sends its middle square.
    const logo = encodePng(300, 200, (x) => (x < 150 ? [200, 40, 40] : [40, 40, 200]));
    await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await page.getByText("The new logo is in place.").waitFor();
    await expect.poll(() => watcher.page.getByRole("navigation").locator("img").first().getAttribute("src")).toMatch(/^\/api\/resource\/organization\/logo\?t=\d+$/);

    await settle(page);
    await screenshotBothThemes(page, "setting-overview");
    await closeCleanly(tp, watcher);
  });

  it("saves SMTP settings and sends a test mail that the SMTP server receives", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/smtp");
    await page.getByRole("switch", { name: "Send e-mail" }).click();
    await page.getByLabel("SMTP host").fill("127.0.0.1");
    await page.getByLabel("Port").fill(String(smtp.port));
    await page.getByLabel("Sender address").fill("chat@acme.test");
    await page.getByLabel("Username").fill("chat");
    await page.getByLabel("Password", { exact: true }).fill("s3cret");
    await page.getByTestId("smtp-save").click();
    await page.getByText("Saved.").waitFor();
    const stored = await suite.admin.request<SmtpConfig>("GET", "/admin/smtp/config");
    expect(stored).toEqual({ enabled: true, host: "127.0.0.1", port: smtp.port, from: "chat@acme.test", username: "chat", password: "********" });

    await page.getByLabel("Send to").fill("ada@acme.test");
    await page.getByTestId("smtp-test-send").click();
    await page.getByText("Test mail sent to ada@acme.test.").waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes("ada@acme.test"));
    expect(mail.subject).toBe("Test mail from Acme Chat");
    expect(mail.user).toBe("chat");
    await settle(page);
    await screenshotBothThemes(page, "setting-smtp");

    // A mail server that is gone: the page shows the server's error text.
    await smtp.close();
    await page.getByTestId("smtp-test-send").click();
    await expect.poll(() => page.getByRole("form", { name: "Test mail" }).getByRole("alert").innerText()).toMatch(/Failed to send mail/);
    await closeCleanly(tp);
  });

  it("flips a Configuration switch and a Login Methods choice, as the API then answers", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/configuration");
    const dms = page.getByRole("switch", { name: "Direct messages" });
    await expect.poll(() => dms.getAttribute("aria-checked")).toBe("true");
    await dms.click();
    await page.getByText("Setting saved").first().waitFor();
    await expect.poll(() => dms.getAttribute("aria-checked")).toBe("false");
    expect(await suite.admin.request<SystemCommon>("GET", "/admin/system/common")).toMatchObject({ dm_enable: false });
    await settle(page);
    await screenshotBothThemes(page, "setting-configuration");

    await openRoute(page, "/setting/login_methods");
    await page.getByRole("radio", { name: /Invitation only/ }).click();
    await page.getByRole("switch", { name: "Guest mode" }).click();
    await expect
      .poll(() => suite.admin.request<LoginConfig>("GET", "/admin/login/config"))
      .toMatchObject({ who_can_sign_up: "InvitationOnly", guest: true });
    await page.getByText("Login methods saved").first().waitFor();
    await settle(page);
    await screenshotBothThemes(page, "setting-login-methods");
    await closeCleanly(tp);
  });
  it("saves an Agora project; the page reads the certificate and secret back masked and keeps them", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/agora");
    await page.getByRole("switch", { name: "Use Agora for calls" }).click();
    await page.getByLabel("Project ID").fill("acme-calls");
    await page.getByLabel("App ID").fill("0123456789abcdef0123456789abcdef");
    await page.getByLabel("App certificate").fill("fedcba9876543210fedcba9876543210");
    await page.getByTestId("agora-save").click();
    await page.getByText("Saved.").waitFor();
    expect(await suite.admin.request<AgoraConfig>("GET", "/admin/agora/config")).toMatchObject({ enabled: true, project_id: "acme-calls", app_certificate: "********" });
    expect(await suite.admin.request<boolean>("GET", "/admin/agora/enabled")).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByLabel("App certificate").inputValue()).toBe("********");
    await page.getByLabel("Project ID").fill("acme-calls-2");
    await page.getByTestId("agora-save").click();
    await page.getByText("Saved.").waitFor();
    // The mask posted back kept the certificate: tokens still come out.
    const gid = suite.gid("general");
    expect(await suite.admin.request<{ channel_name: string }>("POST", "/admin/agora/token", { gid })).toMatchObject({ channel_name: `vocechat:group:${gid}` });
    await settle(page);
    await expectNoSeriousA11yViolationsInBothSchemes(page, "setting-agora");
    await screenshotBothThemes(page, "setting-agora");
    await closeCleanly(tp);
  });
});
