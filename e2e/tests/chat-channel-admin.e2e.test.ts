/**
 * What a channel's owner runs on it, seen from a member's open page: an announcement appears and
 * goes without a reload; "only the owner and admins can send" disables the member's composer and
 * the server refuses their send; clearing the history empties the member's open conversation. And
 * an invitation link made with "max uses 1" signs up one account, then is refused. Screenshots:
 * the announcement bar, the channel settings and the invite modal.
 */
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import type { Api } from "../helpers/api";
import { closeCleanly, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { composer, messageList } from "../helpers/chat";
import { ADA, BOB, CAROL, useSuite, type Person } from "../helpers/suite";

const suite = useSuite({ members: [BOB, CAROL] });
/** The pages a test opened, checked and closed after it. */
let pages: TestPage[] = [];

async function signIn(who: Person): Promise<Page> {
  const tp = await suite.page();
  pages.push(tp);
  await suite.signIn(tp.page, who);
  return tp.page;
}

/** A private channel owned by Bob (not an admin), with Carol as a member. */
async function bobsChannel(name: string): Promise<{ gid: number; bob: Api; carol: Api }> {
  const bob = await suite.api(BOB);
  const { gid } = await bob.createChannel(name, "Launch planning", false, [suite.uid(CAROL)]);
  return { gid, bob, carol: await suite.api(CAROL) };
}

async function openChannel(page: Page, gid: number) {
  await page.goto(`${suite.url}/#/chat/channel/${gid}`);
  await composer(page).waitFor();
}

async function openSettings(page: Page, gid: number) {
  await page.goto(`${suite.url}/#/setting/channel/${gid}/overview`);
  await page.getByTestId("channel-settings").waitFor();
}

afterEach(async () => {
  for (const tp of pages) {
    await closeCleanly(tp);
  }
  pages = [];
});

describe("channel administration", () => {
  it("the owner's announcement reaches a member's open page without a reload, and so does clearing it", async () => {
    const { gid } = await bobsChannel("launch");
    const carol = await signIn(CAROL);
    await openChannel(carol, gid);
    const bob = await signIn(BOB);
    await openSettings(bob, gid);

    await bob.getByLabel("Announcement text").fill("Code freeze on Friday at noon. Ship notes go in #launch.");
    await bob.getByRole("button", { name: "Publish" }).click();
    await bob.getByText("Announcement published").waitFor();
    await expect.poll(() => carol.getByTestId("announcement-text").textContent()).toBe("Code freeze on Friday at noon. Ship notes go in #launch.");
    await screenshotBothThemes(carol, "setting-channel-announcement-bar");
    await bob.getByTestId("announcement-meta").getByText(/Last changed by Bob Builder/).waitFor();
    await screenshotBothThemes(bob, "setting-channel-admin");

    await bob.getByRole("button", { name: "Clear", exact: true }).click();
    await bob.getByText("Announcement cleared").waitFor();
    await expect.poll(() => carol.getByTestId("announcement-bar").count()).toBe(0);
    // The server agrees.
    const res = await (await suite.api(CAROL)).request<{ announcement: unknown }>("GET", `/group/${gid}/announcement`);
    expect(res.announcement).toBeNull();
  });

  it("'only the owner and admins can send' disables a member's composer, and the server refuses their send", async () => {
    const { gid, carol: carolApi } = await bobsChannel("broadcast");
    const carol = await signIn(CAROL);
    await openChannel(carol, gid);
    const bob = await signIn(BOB);
    await openSettings(bob, gid);

    const toggle = bob.getByRole("switch", { name: "Only the owner and admins can send" });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await bob.getByTestId("clear-history-button").scrollIntoViewIfNeeded();
    await screenshotBothThemes(bob, "setting-channel-access");

    await expect.poll(() => composer(carol).isDisabled()).toBe(true);
    await expect(composer(carol).getAttribute("placeholder")).resolves.toBe("Only the channel's owner and admins can send messages here.");
    await screenshotBothThemes(carol, "setting-channel-send-restricted");
    await expect(carolApi.sendToChannel(gid, "sneaking in")).rejects.toThrow(/→ 403/);

    // Back on: Carol writes again.
    await toggle.click();
    await expect.poll(() => composer(carol).isDisabled()).toBe(false);
    await expect(carolApi.sendToChannel(gid, "back again")).resolves.toBeGreaterThan(0);
  });

  it("clearing the history empties a member's open conversation", async () => {
    const { gid, bob: bobApi } = await bobsChannel("history");
    await bobApi.sendToChannel(gid, "first draft of the plan");
    await bobApi.sendToChannel(gid, "second draft of the plan");
    const carol = await signIn(CAROL);
    await openChannel(carol, gid);
    await messageList(carol).getByText("second draft of the plan").waitFor();
    const bob = await signIn(BOB);
    await openSettings(bob, gid);

    await bob.getByTestId("clear-history-button").click();
    const dialog = bob.getByRole("dialog");
    await dialog.getByText("Clear the history of #history?").waitFor();
    await screenshotBothThemes(bob, "setting-channel-clear-history");
    await dialog.getByRole("button", { name: "Clear history" }).click();
    await bob.getByText("The channel's history was cleared").waitFor();

    await expect.poll(() => messageList(carol).getByTestId("message").count()).toBe(0);
    const history = await (await suite.api(CAROL)).request<unknown[]>("GET", `/group/${gid}/history`);
    expect(history).toEqual([]);
  });

  it("an invitation link with max uses 1 signs up one account, then is refused", async () => {
    const ada = await signIn(ADA);
    await ada.getByRole("button", { name: /Invite friends/ }).click();
    const dialog = ada.getByRole("dialog");
    await dialog.getByLabel("Invitation link").waitFor();
    // The link made for the options chosen: a day, one use.
    const made = ada.waitForResponse((r) => /create_reg_magic_link\?expired_in=86400&max_times=1$/.test(r.url()));
    await dialog.getByLabel("Max number of uses").selectOption({ label: "1 use" });
    await dialog.getByLabel("Expires after").selectOption({ label: "1 day" });
    const link = (await (await made).text()).trim();
    const field = dialog.getByLabel("Invitation link");
    await expect.poll(() => field.inputValue()).toBe(link);
    await dialog.getByRole("button", { name: "Copy" }).waitFor();
    await screenshotBothThemes(ada, "setting-invite-modal");
    const token = new URL(link.replace("#/register", "")).searchParams.get("magic_token");
    expect(token).toBeTruthy();

    const register = (email: string) =>
      fetch(`${suite.url}/api/user/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ magic_token: token, email, password: "invited once 4", name: email.split("@")[0], gender: 0, device: "e2e" }),
      });
    const first = await register("dana@example.com");
    expect(first.status).toBe(200);
    const second = await register("eve@example.com");
    expect(second.status).toBeGreaterThanOrEqual(400);
    expect(second.status).toBeLessThan(500);
  });
});
