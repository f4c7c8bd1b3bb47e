/**
 * The channel settings actions, each seen from the other members' browsers: an admin deletes a
 * channel and it disappears live for a member who has it open; an admin makes a public channel
 * private keeping some members, and the member left out loses it live; the owner of a private
 * channel transfers it to another member and leaves in one go. Screenshot: choosing who stays
 * when making a channel private.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closeCleanly, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { messageList } from "../helpers/chat";
import { ADA, BOB, CAROL, useSuite, type Person } from "../helpers/suite";

const suite = useSuite({ members: [BOB, CAROL], channels: [{ name: "general", description: "Company-wide announcements and chatter" }] });
/** The pages a test opened, checked and closed by `closeAll`. */
let pages: TestPage[] = [];

/** `streamDelayMs`: the event stream opens that much later (the page asks the REST routes first). */
async function signIn(who: Person, { streamDelayMs = 0 } = {}): Promise<TestPage> {
  const tp = await suite.page();
  pages.push(tp);
  const { page } = tp;
  if (streamDelayMs > 0) {
    await page.route(/\/api\/user\/events/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, streamDelayMs));
      await route.continue();
    });
  }
  await suite.signIn(page, who);
  return tp;
}

/** A message's text in the open conversation (not the sidebar's preview of it). */
const messageText = (page: Page, text: string) => messageList(page).getByTestId("message-content").getByText(text);
/** The conversation's entry in the sidebar. */
const sidebarEntry = (page: Page, name: string) => page.getByRole("link", { name: new RegExp(`^${name}\\b`) });

async function openChannel(page: Page, gid: number) {
  await page.goto(`${suite.url}/#/chat/channel/${gid}`);
  await page.getByTestId("composer").waitFor();
}

async function openSettings(page: Page, gid: number) {
  await page.goto(`${suite.url}/#/setting/channel/${gid}/overview`);
  await page.getByTestId("channel-settings").waitFor();
}

async function closeAll() {
  for (const tp of pages) {
    await closeCleanly(tp);
  }
  pages = [];
}

describe("channel settings", () => {
  it("deleting a channel removes it live for a member who has it open", async () => {
    const { gid } = await suite.admin.createChannel("retro", "Sprint retrospectives");
    await suite.admin.sendToChannel(gid, "Retro notes go here");
    const a = await signIn(ADA);
    // Bob opens the channel before his stream has announced it: the page fetches it itself, and
    // that answer must not keep it on screen once it is deleted.
    const b = await signIn(BOB, { streamDelayMs: 1_500 });
    await openChannel(b.page, gid);
    await messageText(b.page, "Retro notes go here").waitFor();
    await sidebarEntry(b.page, "retro").waitFor();

    await openSettings(a.page, gid);
    await a.page.getByTestId("delete-channel-button").click();
    const dialog = a.page.getByRole("dialog");
    await dialog.getByText("Delete #retro?").waitFor();
    await dialog.getByRole("button", { name: "Delete channel" }).click();
    await a.page.waitForURL(/#\/chat$/);
    await expect.poll(() => sidebarEntry(a.page, "retro").count()).toBe(0);

    // Bob's sidebar loses it, and the open conversation says it is gone.
    await expect.poll(() => sidebarEntry(b.page, "retro").count()).toBe(0);
    await b.page.getByText("This channel does not exist or you have no access to it.").waitFor();
    await expect(messageText(b.page, "Retro notes go here").count()).resolves.toBe(0);
    // The server agrees: its history is gone.
    await expect(suite.admin.request("GET", `/group/${gid}/history`)).rejects.toThrow(/404/);
    await closeAll();
  });

  it("making a public channel private keeps the chosen members; the one left out loses it live", async () => {
    const { gid } = await suite.admin.createChannel("launch", "Launch planning");
    await suite.admin.sendToChannel(gid, "T-minus two weeks");
    const a = await signIn(ADA);
    const b = await signIn(BOB);
    const c = await signIn(CAROL);
    await openChannel(c.page, gid);
    await messageText(c.page, "T-minus two weeks").waitFor();
    await sidebarEntry(b.page, "launch").waitFor();

    await openSettings(a.page, gid);
    await a.page.getByRole("button", { name: "Make private" }).click();
    const dialog = a.page.getByRole("dialog");
    const carolBox = dialog.getByRole("checkbox", { name: new RegExp(CAROL.name) });
    await expect(carolBox.getAttribute("aria-checked")).resolves.toBe("true");
    await carolBox.click();
    await expect(carolBox.getAttribute("aria-checked")).resolves.toBe("false");
    await screenshotBothThemes(a.page, "channel-make-private");
    await dialog.getByTestId("make-private-submit").click();
    await expect.poll(() => dialog.count()).toBe(0);
    await a.page.getByText("Only its members can see it; they join by invitation.").waitFor();

    // Carol, who had it open, loses it; Bob keeps it, now private.
    await expect.poll(() => sidebarEntry(c.page, "launch").count()).toBe(0);
    await c.page.getByText("This channel does not exist or you have no access to it.").waitFor();
    await openChannel(b.page, gid);
    await messageText(b.page, "T-minus two weeks").waitFor();
    const card = await suite.admin.request<{ is_public: boolean; owner: number; members: number[] }>("GET", `/group/${gid}`);
    expect(card.is_public).toBe(false);
    expect([...card.members].sort((x, y) => x - y)).toEqual([1, suite.uid(BOB)]);
    expect(card.owner).toBe(1);
    await closeAll();
  });

  it("the owner of a private channel transfers it to a member and leaves", async () => {
    const asBob = await suite.api(BOB);
    const { gid } = await asBob.createChannel("design", "Design reviews", false, [suite.uid(CAROL)]);
    await asBob.sendToChannel(gid, "Mockups are up");
    const b = await signIn(BOB);
    const c = await signIn(CAROL);
    await openChannel(c.page, gid);
    await sidebarEntry(b.page, "design").waitFor();

    // Leaving as the owner asks for a new owner first.
    await openSettings(b.page, gid);
    await b.page.getByTestId("leave-button").click();
    const dialog = b.page.getByRole("dialog");
    await dialog.getByText("Transfer ownership, then leave").waitFor();
    await expect(dialog.getByTestId("transfer-submit").isDisabled()).resolves.toBe(true);
    await dialog.getByRole("radio", { name: CAROL.name }).click();
    await dialog.getByTestId("transfer-submit").click();
    await b.page.waitForURL(/#\/chat$/);
    await expect.poll(() => sidebarEntry(b.page, "design").count()).toBe(0);

    // Carol keeps it, now as its owner, and Bob is no longer a member.
    await messageText(c.page, "Mockups are up").waitFor();
    await openSettings(c.page, gid);
    await c.page.getByText(`${CAROL.name} owns this channel.`).waitFor();
    await c.page.getByTestId("leave-button").waitFor();
    const card = await suite.admin.request<{ owner: number; members: number[] }>("GET", `/group/${gid}`);
    expect(card.owner).toBe(suite.uid(CAROL));
    expect(card.members).toEqual([suite.uid(CAROL)]);
    await closeAll();
  });
});
