/**
 * Passkeys in the browser (docs/API.md "MetaMask and passkeys"): with passkeys on in the login
 * config, Bob adds a passkey from My Account with Chromium's virtual authenticator (CDP
 * `WebAuthn.addVirtualAuthenticator`: CTAP2, internal, resident keys, user verification), logs
 * out, and signs in again with it from the login page — no e-mail or password typed. WebAuthn
 * refuses IP addresses as relying party ids, so the pages are opened at `localhost` (a secure
 * context, as 127.0.0.1 is). Screenshots: the login page with its passkey button, and
 * My Account → Passkeys with the removal confirmation, light and dark. MetaMask: a wallet in the
 * page (a `viem` account signing in the test, as MetaMask's `personal_sign`) signs the server's
 * nonce and the person lands signed in; without a wallet the button says so and links to the
 * install page.
 */
import type { AuditLogEntry, LoginConfig, PasskeyInfo, UserInfo } from "@parley/protocol";
import type { Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolationsInBothSchemes } from "../helpers/axe";
import { closeCleanly, screenshotBothThemes } from "../helpers/browser";
import { openRoute, signIn } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB] });

/** The server at `localhost`: a valid WebAuthn relying party id. */
const localUrl = () => suite.url.replace("127.0.0.1", "localhost");

async function enableLoginMethods(patch: Partial<LoginConfig>): Promise<void> {
  const config = await suite.admin.request<LoginConfig>("GET", "/admin/login/config");
  await suite.admin.request("POST", "/admin/login/config", { ...config, ...patch });
}

/** A platform authenticator with user verification in this page's browser, as a laptop's fingerprint reader. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

describe("passkeys", () => {
  it("adds a passkey in My Account, and signs in with it from the login page after logging out", async () => {
    await enableLoginMethods({ passkey: true, metamask: true });
    const tp = await suite.page();
    const { page } = tp;
    await addVirtualAuthenticator(page);

    await signIn(page, localUrl(), BOB);
    await openRoute(page, "/setting/my_account");
    const section = page.getByTestId("passkeys");
    await section.getByText("No passkeys yet.").waitFor();
    await section.getByLabel("Name").fill("Work laptop");
    await section.getByTestId("passkey-add").click();
    await page.getByText("Passkey added").waitFor();
    await expect.poll(() => section.getByTestId("passkey-name").allInnerTexts()).toEqual(["Work laptop"]);
    expect(await section.getByTestId("passkey-row").innerText()).toContain("never used");

    const bob = await suite.api(BOB);
    const listed = await bob.request<PasskeyInfo[]>("GET", "/token/passkey/list");
    expect(listed).toMatchObject([{ name: "Work laptop", last_used_at: null }]);
    await section.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await screenshotBothThemes(page, "setting-account-passkeys");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "My Account with a passkey");

    // Removing asks first; cancelled here.
    await section.getByTestId("passkey-remove").click();
    await page.getByRole("dialog").getByText("Remove the passkey “Work laptop”?").waitFor();
    await screenshotBothThemes(page, "setting-account-passkey-remove");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Log out, then sign in with the passkey: no e-mail, no password.
    await page.getByTestId("account-sign-out").click();
    await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/#\/login$/);
    const button = page.getByTestId("login-passkey");
    await button.waitFor();
    await screenshotBothThemes(page, "login-passkey");
    await button.click();
    await page.waitForURL(/#\/$/);
    await page.getByText("Login Successfully!").waitFor();

    // Signed in as Bob; the account's list now shows the passkey used; the audit log has the addition.
    await openRoute(page, "/setting/my_account");
    await expect.poll(() => page.getByTestId("account-name").innerText()).toBe(BOB.name);
    await expect.poll(() => page.getByTestId("passkey-row").innerText()).toContain("last used");
    const audit = await suite.admin.request<AuditLogEntry[]>("GET", "/admin/audit_log?action=account");
    expect(audit.find((e) => e.action === "account.passkey_added")).toMatchObject({ actor_uid: suite.uid(BOB), detail: { name: "Work laptop" } });

    // Removing it for real: the list empties and the audit log records it.
    await page.getByTestId("passkey-remove").click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("Passkey removed").waitFor();
    await page.getByText("No passkeys yet.").waitFor();
    const after = await suite.admin.request<AuditLogEntry[]>("GET", "/admin/audit_log?action=account");
    expect(after.some((e) => e.action === "account.passkey_removed")).toBe(true);
    await closeCleanly(tp);
  });

  it("signs in with MetaMask: the page's wallet signs the server's nonce, and a new account is made for it", async () => {
    await enableLoginMethods({ metamask: true });
    const wallet = privateKeyToAccount(generatePrivateKey());
    const tp = await suite.page();
    const { page } = tp;
    // The wallet extension's provider (EIP-1193): the account, and personal_sign done by the viem account.
    await page.exposeFunction("__walletSign", (message: string) => wallet.signMessage({ message }));
    await page.addInitScript((address: string) => {
      const w = window as unknown as { ethereum: unknown; __walletSign: (m: string) => Promise<string> };
      w.ethereum = {
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          if (method === "eth_requestAccounts") return [address];
          if (method === "personal_sign") return w.__walletSign(String(params?.[0]));
          throw new Error(`unsupported ${method}`);
        },
      };
    }, wallet.address);
    await page.goto(`${suite.url}/#/login`);
    await page.getByRole("button", { name: "Sign in with MetaMask" }).click();
    await page.waitForURL(/#\/$/);
    await page.getByText("Login Successfully!").waitFor();
    const users = await suite.admin.request<UserInfo[]>("GET", "/user");
    const address = wallet.address.toLowerCase();
    expect(users.find((u) => u.create_by === "metamask")).toMatchObject({ name: `${address.slice(0, 6)}…${address.slice(-4)}` });
    await closeCleanly(tp);
  });

  it("MetaMask without a wallet in the browser: says so and links to its install page", async () => {
    await enableLoginMethods({ metamask: true, passkey: true });
    const tp = await suite.page();
    const { page } = tp;
    await page.goto(`${localUrl()}/#/login`);
    await page.getByRole("button", { name: "Sign in with MetaMask" }).click();
    const note = page.getByTestId("metamask-missing");
    await note.getByText("MetaMask is not installed in this browser.").waitFor();
    expect(await note.getByRole("link", { name: "Install MetaMask" }).getAttribute("href")).toBe("https://metamask.io/download/");
    await screenshotBothThemes(page, "login-metamask-missing");
    // A fresh page, so no toast is up: the login page with the passkey and MetaMask buttons and the note.
    await expectNoSeriousA11yViolationsInBothSchemes(page, "the login page with MetaMask's note");
    await closeCleanly(tp);
    // The admin is untouched by all this.
    expect(suite.uid(ADA)).toBe(1);
  });
});
