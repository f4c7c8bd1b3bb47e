/**
 * The license as an admin meets it (docs/API.md "License"): a fresh server shows the community
 * license, free and unlimited; a license signed for the server's LICENSE_PUBLIC_KEY is checked
 * and installed on Settings → License, the page counts the users against its limit, says when
 * the limit is reached, and the server then refuses one more account with 451. An expired
 * license is refused in words. Screenshots: the community page, a refused check, the installed
 * license at its limit, and Members at the limit, light and dark.
 */
import type { LicenseReply } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { licenseKeys, makeLicense } from "../../server/src/test/license";
import { expectNoSeriousA11yViolationsInBothSchemes } from "../helpers/axe";
import { closeCleanly, screenshotBothThemes } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { ADA, BOB, CAROL, useSuite } from "../helpers/suite";

const KEYS = licenseKeys();
const suite = useSuite({ members: [BOB, CAROL], env: { LICENSE_PUBLIC_KEY: KEYS.publicPem } });

describe("admin console: license", () => {
  it("shows the community license, refuses an expired one in words, installs a signed one and counts users against it", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/license");
    await expect.poll(() => page.getByTestId("license-kind").innerText()).toContain("Community (free software)");
    expect(await page.getByTestId("license-users").innerText()).toBe("3 users · no limit");
    await screenshotBothThemes(page, "setting-license-community");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "license (community)");

    // An expired license: checked, shown, and not installable.
    const input = page.getByLabel("License string");
    await input.fill(makeLicense(KEYS, { domains: ["chat.example.com", "127.0.0.1"], user_limit: 25, expired_at: new Date("2026-01-31T00:00:00Z") }));
    await page.getByTestId("license-check").click();
    await page.getByText("This license expired on January 31, 2026.").waitFor();
    expect(await page.getByTestId("license-install").isDisabled()).toBe(true);
    await screenshotBothThemes(page, "setting-license-refused");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "license (a refused check)");

    const license = makeLicense(KEYS, { domains: ["chat.example.com", "127.0.0.1"], user_limit: 4, expired_at: new Date("2031-12-31T00:00:00Z") });
    await input.fill(license);
    await page.getByTestId("license-check").click();
    await page.getByText("This license is valid for this server and ready to install.").waitFor();
    await page.getByTestId("license-install").click();
    await page.getByText("License installed.").waitFor();
    await expect.poll(() => page.getByTestId("license-users").innerText()).toBe("3 of 4");
    expect(await page.getByTestId("license-domains").innerText()).toBe("chat.example.com, 127.0.0.1");
    expect(await suite.admin.request<LicenseReply>("GET", "/license")).toMatchObject({ installed: true, user_limit: 4, base58: license, user_count: 3, problem: null });

    // One more account fills it; the next is refused with the license's 451.
    await suite.admin.createUser("dan@example.com", "Dan Driver", "battery staple 4");
    await expect(suite.admin.createUser("eve@example.com", "Eve Engineer", "battery staple 5")).rejects.toThrow(/451 License error: Users reached limit\./);
    await page.reload();
    await page.getByTestId("license-full").waitFor();
    expect(await page.getByTestId("license-users").innerText()).toBe("4 of 4");
    await page.getByText("Install a license").first().waitFor();
    await screenshotBothThemes(page, "setting-license");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "license (installed, at its limit)");

    // Members says so before the admin tries to add someone, with the way to the License page.
    await openRoute(page, "/setting/members");
    await page.getByTestId("members-limit").waitFor();
    await screenshotBothThemes(page, "setting-members-limit");
    await page.getByRole("link", { name: "Open License" }).click();
    await page.getByTestId("license-full").waitFor();
    await closeCleanly(tp);
  });
});
