/**
 * OIDC sign-in in Chromium (docs/API.md "Third-party sign-in") against a real OpenID Provider in
 * process (`oidc-provider`, server/src/test/oidcIssuer.ts): the admin adds the provider on
 * Settings → Third-party Login and tests it; on the login page its button goes to the provider,
 * the person signs in there and lands in Parley signed in (a new account on first use). A
 * cancelled sign-in and a replayed callback are said in words. Screenshots: the login page with
 * the Google, GitHub and OIDC buttons, Third-party Login, and the expired-state failure, light
 * and dark.
 */
import type { LoginConfig, UserInfo } from "@parley/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { startTestIssuer, type TestIssuer } from "../../server/src/test/oidcIssuer";
import { screenshotBothThemes } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { ADA, useSuite } from "../helpers/suite";

// The issuer listens on loopback: let the server reach it (docs/API.md "Third-party sign-in").
const suite = useSuite({ env: { PREVIEW_ALLOW_PRIVATE: "1" } });
let issuer: TestIssuer | undefined;
afterAll(() => issuer?.close());

const CLIENT = { id: "parley-e2e", secret: "e2e-issuer-secret" };

describe("OIDC sign-in in the browser", () => {
  it("the admin adds and tests a provider; its button signs a new person in through the provider; failures are said in words", async () => {
    const idp = await startTestIssuer({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      redirectUris: [`${suite.url}/cb/oidc/login`, `${suite.url}/cb/oidc/bind`],
      accounts: { grace: { email: "grace@corp.example", email_verified: true, name: "Grace Hopper" } },
    });
    issuer = idp;

    // The admin: Google and GitHub apps, then the OIDC provider through the form, then its test.
    await suite.admin.request("POST", "/admin/google_auth/config", { client_id: "1234-parley.apps.googleusercontent.com" });
    await suite.admin.request("POST", "/admin/github_auth/config", { client_id: "Iv1.parleye2e", client_secret: "gh-secret" });
    const config = await suite.admin.request<LoginConfig>("GET", "/admin/login/config");
    await suite.admin.request("POST", "/admin/login/config", { ...config, google: true, github: true });
    const admin = await suite.signedInPage(ADA);
    await openRoute(admin.page, "/setting/third_party");
    await admin.page.getByTestId("oidc-add").click();
    await admin.page.getByTestId("oidc-issuer").fill(idp.issuer);
    await admin.page.getByTestId("oidc-client-id").fill(CLIENT.id);
    await admin.page.getByTestId("oidc-client-secret").fill(CLIENT.secret);
    await admin.page.getByTestId("oidc-form-save").click();
    await admin.page.getByTestId("oidc-provider").waitFor();
    await admin.page.getByTestId("oidc-test").click();
    await expect.poll(() => admin.page.getByTestId("oidc-test-result").innerText()).toContain("sign-in can start");
    // The secret never comes back.
    expect(JSON.stringify(await suite.admin.request("GET", "/admin/login/config"))).not.toContain(CLIENT.secret);
    expect(JSON.stringify(await suite.admin.request("GET", "/admin/github_auth/config"))).not.toContain("gh-secret");
    await screenshotBothThemes(admin.page, "setting-third-party-login");
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // A visitor: the buttons, then the provider.
    const tp = await suite.page();
    const { page } = tp;
    await page.goto(`${suite.url}/#/login`);
    const button = page.getByTestId("login-oidc");
    await button.waitFor();
    await page.getByRole("button", { name: /GitHub/ }).waitFor();
    await page.getByRole("button", { name: /Google/ }).waitFor();
    await screenshotBothThemes(page, "login-third-party-buttons");

    // Cancelled at the provider: said in words.
    await button.click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("idp-failed").waitFor();
    expect(await page.getByTestId("idp-failed").innerText()).toContain("The sign-in was cancelled");

    // Signed in at the provider: back in Parley, signed in as the new account.
    await page.goto(`${suite.url}/#/login`);
    await page.getByTestId("login-oidc").click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.getByLabel("Account").fill("grace");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(new RegExp(`^${suite.url}/#/$`));
    const me = await page.evaluate(async () => {
      const stored = Object.entries(localStorage).find(([k]) => /token/i.test(k) && !/refresh/i.test(k));
      const token = stored ? String(stored[1]).replace(/^"|"$/g, "") : "";
      const res = await fetch("/api/user/me", { headers: { "x-api-key": token } });
      return res.ok ? ((await res.json()) as UserInfo) : null;
    });
    expect(me).toMatchObject({ name: "Grace Hopper", email: "grace@corp.example", create_by: "oidc" });

    // The same callback again: the state was spent.
    const replay = `${suite.url}/cb/oidc/login?code=used&state=spent`;
    await page.goto(replay);
    await page.getByTestId("idp-failed").waitFor();
    expect(await page.getByTestId("idp-failed").innerText()).toContain("expired or was already used");
    await screenshotBothThemes(page, "login-oidc-expired");
    expect(tp.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await tp.context.close();
  });
});
