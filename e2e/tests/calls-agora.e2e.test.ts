/**
 * Calls on Agora's media (docs/CALLS.md "Calls on Agora", docs/API.md "Calls' media"): Settings →
 * Calls offers Agora once it is configured; with it chosen, a call asks this server for the
 * channel's Agora token and loads Agora's Web SDK from this server, in its own chunk that the
 * chat route never loads. A real Agora session needs Agora's service on the internet, which
 * these machines cannot reach: the test stops at the SDK's join, then leaves the call.
 * Screenshots of the page in both themes (/tmp/shots/calls-media-*.png), checked by axe.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeCleanly, switchColorScheme } from "../helpers/browser";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { launchCallBrowser, openCallRoute } from "../helpers/calls";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Company-wide chatter" }], browser: false });
const SHOTS = "/tmp/shots";
const AGORA = { enabled: true, url: "https://api.agora.io", project_id: "", app_id: "0123456789abcdef0123456789abcdef", app_certificate: "fedcba9876543210fedcba9876543210", rtm_key: "", rtm_secret: "" };
/** The chunk of the Agora media backend (web/src/calls/agoraMedia.ts) and the SDK it bundles. */
const AGORA_CHUNK = /\/assets\/agoraMedia-[\w-]+\.js$/;
let browser: Browser;

beforeAll(async () => {
  browser = await launchCallBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

describe("calls on Agora", () => {
  it("Settings → Calls offers Agora only once it is configured, and saves the choice", async () => {
    const a = await openCallRoute(browser, suite, ADA, `/chat/channel/${suite.gid("general")}`);
    const { page } = a;
    await page.goto(`${suite.url}/#/setting/calls`);
    const agora = page.getByRole("radio", { name: /^Agora/ });
    await agora.waitFor();
    expect(await agora.isDisabled()).toBe(true);
    expect(await page.getByTestId("calls-agora-link").getAttribute("href")).toBe("#/setting/agora");
    await page.mouse.move(0, 0);
    for (const scheme of ["light", "dark"] as const) {
      await switchColorScheme(page, scheme);
      await page.screenshot({ path: `${SHOTS}/calls-media-off-${scheme}.png` });
    }
    await switchColorScheme(page, "light");

    await suite.admin.request("POST", "/admin/agora/config", AGORA);
    await page.reload();
    await agora.waitFor();
    expect(await agora.isDisabled()).toBe(false);
    await agora.click();
    await page.getByTestId("calls-save").click();
    await page.getByText("Saved.").waitFor();
    expect(await suite.admin.request<{ media: string }>("GET", "/admin/call/config")).toMatchObject({ media: "agora" });
    const bob = await suite.api(BOB);
    expect(await bob.request<{ media: string }>("GET", "/call/config")).toMatchObject({ media: "agora" });

    await page.mouse.move(0, 0);
    await page.getByTestId("calls-media").scrollIntoViewIfNeeded();
    for (const scheme of ["light", "dark"] as const) {
      await switchColorScheme(page, scheme);
      await page.getByTestId("calls-media").screenshot({ path: `${SHOTS}/calls-media-${scheme}.png` });
      await page.screenshot({ path: `${SHOTS}/calls-media-page-${scheme}.png` });
      await expectNoSeriousA11yViolations(page, `Settings → Calls with Agora (${scheme})`);
    }
    await closeCleanly(a);
  });

  it("a call asks for the channel's Agora token and loads the SDK's chunk, which the chat route did not load", async () => {
    const gid = suite.gid("general");
    const b = await openCallRoute(browser, suite, BOB, `/chat/channel/${gid}`);
    const { page } = b;
    const scripts: string[] = [];
    page.on("response", (r: Response) => {
      if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((s) => AGORA_CHUNK.test(s))).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="agoraMedia-"], link[href*="agoraMedia-"]').length)).toBe(0);

    const token = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/group/${gid}/agora_token`);
    const chunk = page.waitForResponse((r) => AGORA_CHUNK.test(new URL(r.url()).pathname));
    await page.getByTestId("call-voice").click();
    const [tokenAnswer, chunkAnswer] = await Promise.all([token, chunk]);
    expect(chunkAnswer.status()).toBe(200);
    expect(new URL(chunkAnswer.url()).origin).toBe(suite.url); // served by Parley, no CDN
    expect(tokenAnswer.status()).toBe(200);
    expect(await tokenAnswer.json()).toMatchObject({ app_id: AGORA.app_id, uid: suite.uid(BOB), channel_name: `vocechat:group:${gid}`, expired_in: 86400 });
    expect(await page.evaluate(() => (window as unknown as { __parleyCalls?: { media: string | null } }).__parleyCalls?.media)).toBe("agora");
    // The call window is the same; leaving ends the call (the SDK's join cannot reach Agora here).
    await page.getByTestId("call-panel").waitFor();
    await page.getByTestId("call-leave").click();
    await page.getByTestId("call-panel").waitFor({ state: "detached" });
    await expect.poll(async () => (await suite.admin.request<unknown[]>("GET", "/call/rooms")).length).toBe(0);
    // The SDK's failed network attempts are its own (logged, not thrown into the page).
    await closeCleanly(b);
  });
});
