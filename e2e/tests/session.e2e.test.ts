/**
 * The session against a server whose access tokens live 23 s, so every token is inside the
 * client's 20 s renewal margin almost at once: the client must renew before its calls (and
 * before reopening the event stream) and keep working; a kick from the server ends the session.
 */
import { describe, expect, it } from "vitest";
import { sendFromComposer } from "../helpers/chat";
import { ADA, useSuite } from "../helpers/suite";

const suite = useSuite({ env: { ACCESS_TOKEN_TTL: "23" }, channels: [{ name: "general", description: "Everyone" }] });

describe("session", () => {
  it("renews a token about to expire before sending, and the send goes through", async () => {
    const gid = suite.gid("general");
    const { page, errors } = await suite.page();
    const renewals: number[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith("/api/token/renew")) renewals.push(res.status());
    });
    await suite.signIn(page, ADA);
    const firstToken = await page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"));
    await page.getByRole("link", { name: "general" }).click();
    await page.waitForURL(new RegExp(`#/chat/channel/${gid}$`));

    // 23 s tokens are due for renewal 3 s after login.
    await page.waitForTimeout(3_500);
    await sendFromComposer(page, "sent with a renewed token");
    await page.getByTestId("message-list").getByText("sent with a renewed token").waitFor();
    await expect.poll(() => page.locator("[data-sending]").count()).toBe(0);

    expect(renewals.length).toBeGreaterThanOrEqual(1);
    expect(renewals.every((s) => s === 200)).toBe(true);
    const renewed = await page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"));
    expect(renewed).not.toBe(firstToken);

    // The server stored the message: it is in the channel's history. (A new sign-in: the
    // suite's admin token may have expired by now.)
    const api = await suite.api(ADA);
    const history = await api.request<{ detail: { content: string } }[]>("GET", `/group/${gid}/history`);
    expect(history.map((m) => m.detail.content)).toContain("sent with a renewed token");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a logout of this device elsewhere kicks the open page to the login screen", async () => {
    const { page } = await suite.signedInPage(ADA);
    await page.getByText("Connected").waitFor();
    // Log this browser's device out from outside, with its own (still valid) access token.
    const token = await page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"));
    const res = await fetch(`${suite.url}/api/token/logout`, { headers: { "X-API-Key": token ?? "" } });
    expect(res.status).toBe(200);
    await page.waitForURL(/#\/login$/);
    await expect(page.evaluate(() => localStorage.getItem("VOCECHAT_TOKEN"))).resolves.toBeNull();
    await page.context().close();
  });
});
