/**
 * The message toolbar's more menu and multi-select mode between two users in two browser
 * contexts, against a real server: pin (seen by the other side), save (GET /favorite), forward
 * a file to a DM (the receiver sees the archive card), select three messages and bulk delete
 * them (gone on the other side). Screenshots: the more menu, the forward dialog, selection mode.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes, type TestPage } from "../helpers/browser";
import { messageList, sendFromComposer } from "../helpers/chat";
import { ADA, BOB, useSuite, type Person } from "../helpers/suite";

/** A 320×200 PNG landscape, for a file message with a picture. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAUAAAADICAIAAAAWZq/8AAADSklEQVR42u3YwU1cURBE0U7CBEVOliYX0mHnPYEgL5yCJYM8VXWkG0HRZ9D79/PXb0mhnQkkgCUBLAlgCWBJAEsCWBLAEsCSAJYEsASwJIAlASwJYAlgSQBLAlgSwBLAkgCWBLAEsCSAJQEsCWAJYEkASwJYEsASwJIAlgSwivp8//H3ASzluR2XDLB66A4yBlhtdKcYA6xavQuGAVYt3QXGAKtfb7FhgDWht9UwwFrRW2kYYA3p7TMMsLb0lhkGWAADLOXobTIMsBb11hgGWAADLKXp7TAMsAAGWArUW2AYYAEMsAQwwKKXYYAFMMASwAALYIABFsAAAyyAAZYABlgAAwywAAZYAhhgCWCABTDAAAtggCWAARbAAAMshukFWAADLAEMsBimF2ABDLC0ZLhgVYAFMMBSmuGOSQHWouGaPQEWwABLOYabxgRYW4bLlgRYQ4b7ZgRYK4YrNwRYE4ZbBwRY5Yy7pwNYzYbrdwNYnYxHFgNYbYyntgJYJZI3JwJYAlgSwJIAlgCWBLAkgCUBLAEsCWBJAEsASwJYEsCSAJYAlgSwJIAlASwBrCfr9ePxX7I8wAqAyjbAqrVKNcC4PgbzdweYWKQBFrEwAyxoeQYYWsEMMLQwAyxoYQYYWsEMMLSCGWBoSQaYW8EMMKiiGmBu/72Xt9cvDGaAoU0S2+0ZYGjn0MIMMLQlaCsxAwztqFv/lkcBY1nm1tevfsBMLritlPytng9adDHOxXzEcktyrucjFl2Mcz0fruhinEv6WEUX41zSByq3JOd2EKKLcTBgSNDFGGChizHA6ApjgNHVCGOA0cU4GfD4V3hoYS4BjDG6GMcDxhhdjOMBY4wuxvGAMUYX43jAGKOLcTxgjNHFOB4wxuhiHA8YY24xjgeMsZsmOR7wpmRHrDbAC4xdrZ7t5m/28x26Kjj4W/6Cx63SD/4G3/3cqubmb/b1z60KDv5mX//cquDgb/Dl4JJUc/O38HPlVtTq+Qwn5QawBLAkgCUBLAEsCWBJAEsCWAJYEsCSAJYAlgSwJIAlASwBLAlgSQBLAlgCWBLAkgCWAJYEsCSAJQEsASwJYEkASwJYAlgSwJIAlgCWBLAkgCUBLAEsCWBJX9Ifo1mXoSr3sqkAAAAASUVORK5CYII=", "base64");

const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Company-wide announcements and chatter" }] });

/** Signs `who` in, then opens #general by its address. */
async function signInToGeneral(who: Person): Promise<TestPage> {
  const tp = await suite.signedInPage(who);
  await tp.page.goto(`${suite.url}/#/chat/channel/${suite.gid("general")}`);
  await tp.page.getByTestId("channel-title").getByText("general").waitFor();
  return tp;
}

/** The message row with this text anywhere in it (the shared `message` looks at its content only). */
const message = (page: Page, text: string | RegExp) => messageList(page).getByTestId("message").filter({ hasText: text });

/** Sends from the composer and waits until the server has it. */
async function send(page: Page, text: string) {
  await sendFromComposer(page, text);
  await expect.poll(() => page.locator("[data-sending]").count()).toBe(0);
}

/** Open a message's more menu; answers the menu. */
async function more(msg: Locator): Promise<Locator> {
  await msg.hover();
  await msg.getByRole("button", { name: "More actions" }).click();
  const menu = msg.getByRole("menu", { name: "More actions" });
  await menu.waitFor();
  return menu;
}

describe("message actions: pin, save, forward, select", () => {
  it("works live between two users", async () => {
    const ada = suite.admin;
    const gid = suite.gid("general");
    const bob = await suite.api(BOB);
    await ada.sendToChannel(gid, "Morning all! Standup moved to 10:30 today.");
    await bob.sendToChannel(gid, "Thanks, I'll update the calendar invite.");

    const a = await signInToGeneral(ADA);
    const b = await signInToGeneral(BOB);
    const { page: pa } = a;
    const { page: pb } = b;

    // ---- Pin: Ada (admin) pins; Bob (a member of a public channel) may not. ----
    await send(pa, "Release 2.4 ships on Friday — freeze starts Thursday noon.");
    const releaseB = message(pb, "Release 2.4 ships on Friday");
    await releaseB.waitFor();
    const releaseA = message(pa, "Release 2.4 ships on Friday");
    const menuA = await more(releaseA);
    await expect(menuA.getByRole("menuitem").allInnerTexts()).resolves.toEqual(["Pin to channel", "Save message", "Forward", "Copy text", "Select messages"]);
    await screenshotBothThemes(pa, "message-more-menu");
    await menuA.getByRole("menuitem", { name: "Pin to channel" }).click();
    await pa.getByText("Pin Message Successfully!").waitFor();
    // The pinned_message_updated event reaches both: Ada's menu now offers Unpin...
    await expect.poll(async () => (await more(releaseA)).getByRole("menuitem", { name: "Unpin from channel" }).count()).toBe(1);
    await pa.keyboard.press("Escape");
    // ...and Bob: the message is marked, and the channel's pinned panel lists it with its sender.
    await releaseB.getByTestId("pinned-mark").waitFor();
    const menuB = await more(releaseB);
    await expect(menuB.getByRole("menuitem", { name: /pin/i }).count()).resolves.toBe(0);
    await pb.keyboard.press("Escape");
    await pb.getByTestId("pins-button").click();
    const pinnedB = pb.getByTestId("pinned-panel").getByTestId("pinned-message");
    await pinnedB.waitFor();
    await expect(pinnedB.getByTestId("pinned-sender").innerText()).resolves.toBe(ADA.name);
    await expect(pinnedB.getByTestId("pinned-content").innerText()).resolves.toContain("Release 2.4 ships on Friday");
    await expect(pinnedB.innerText()).resolves.toContain(`Pinned by ${ADA.name}`);
    await expect(pinnedB.getByRole("button", { name: "Unpin" }).count()).resolves.toBe(0);
    await pinnedB.click();
    await expect.poll(() => releaseB.getAttribute("data-highlighted")).toBe("true");
    await screenshotBothThemes(pb, "pinned-panel");
    await pb.getByTestId("pins-button").click();
    await expect.poll(async () => (await ada.request<{ pinned_messages: { content: string }[] }>("GET", `/group/${gid}`)).pinned_messages.map((p) => p.content)).toEqual([
      "Release 2.4 ships on Friday — freeze starts Thursday noon.",
    ]);

    // ---- Save: Bob saves Ada's message; it is among his favorites. ----
    await (await more(releaseB)).getByRole("menuitem", { name: "Save message" }).click();
    await pb.getByText("Saved to your saved items").waitFor();
    await expect.poll(async () => (await bob.request<{ id: string }[]>("GET", "/favorite")).length).toBe(1);
    const [fav] = await bob.request<{ id: string }[]>("GET", "/favorite");
    const saved = await bob.request<{ messages: { content: string | null }[] }>("GET", `/favorite/${fav.id}`);
    expect(saved.messages.map((m) => m.content)).toEqual(["Release 2.4 ships on Friday — freeze starts Thursday noon."]);

    // ---- Forward: Ada forwards a picture to Bob's DM with a note; Bob sees the archive card. ----
    const { path } = await ada.upload("hills.png", "image/png", PNG);
    await ada.send({ gid }, JSON.stringify({ path }), { contentType: "vocechat/file" });
    const fileA = messageList(pa).getByTestId("message").last();
    await fileA.locator("img").first().waitFor();
    const fileMenu = await more(fileA);
    await expect(fileMenu.getByRole("menuitem", { name: "Copy image" }).count()).resolves.toBe(1);
    await fileMenu.getByRole("menuitem", { name: "Forward" }).click();
    const dialog = pa.getByRole("dialog", { name: "Forward message" });
    await dialog.waitFor();
    await dialog.getByRole("combobox", { name: "Search channels and people" }).fill("bob");
    await dialog.getByRole("option", { name: /Bob Builder/ }).click();
    await dialog.getByRole("combobox").fill("");
    await dialog.getByRole("textbox", { name: /Add a message/ }).fill("Here's the banner for the launch post.");
    await expect(dialog.getByRole("option", { name: /Bob Builder/ }).getAttribute("aria-selected")).resolves.toBe("true");
    await screenshotBothThemes(pa, "forward-modal");
    await dialog.getByRole("button", { name: "Forward to 1 conversation" }).click();
    await pa.getByText("Forwarded", { exact: true }).waitFor();
    await expect.poll(() => pa.getByRole("dialog").count()).toBe(0);

    await pb.goto(`${suite.url}/#/chat/dm/1`);
    const card = messageList(pb).getByTestId("archive");
    await card.waitFor();
    await expect(card.innerText()).resolves.toContain("hills.png");
    await message(pb, "Here's the banner for the launch post.").waitFor();
    expect(suite.uid(BOB)).toBe(2);

    // ---- Select: Bob ticks three of his messages (not Ada's) and deletes them in bulk. ----
    await pb.goto(`${suite.url}/#/chat/channel/${gid}`);
    await pb.getByTestId("channel-title").getByText("general").waitFor();
    for (const n of [1, 2, 3]) await send(pb, `Draft note ${n}: please ignore`);
    await message(pa, "Draft note 3").waitFor();
    await (await more(message(pb, "Draft note 1"))).getByRole("menuitem", { name: "Select messages" }).click();
    const bar = pb.getByRole("region", { name: "Selected messages" });
    await bar.waitFor();
    // The composer is hidden (its draft kept) while the bar is up.
    await expect(pb.getByTestId("composer").isVisible()).resolves.toBe(false);
    await message(pb, "Draft note 2").click();
    await message(pb, "Draft note 3").click();
    await expect(bar.getByTestId("selection-count").innerText()).resolves.toBe("3 messages selected");
    // Ada's message can be ticked too, but Bob may not delete it: Delete is refused, with the reason.
    await message(pb, "Release 2.4 ships").click();
    await expect(bar.getByTestId("selection-count").innerText()).resolves.toBe("4 messages selected");
    await expect(bar.getByRole("button", { name: "Delete" }).isDisabled()).resolves.toBe(true);
    await expect(bar.getByTestId("selection-hint").innerText()).resolves.toBe("You can only delete your own messages");
    await screenshotBothThemes(pb, "selection-mode");
    await message(pb, "Release 2.4 ships").click();
    await expect(bar.getByRole("button", { name: "Delete" }).isDisabled()).resolves.toBe(false);
    await bar.getByRole("button", { name: "Delete" }).click();
    const confirm = pb.getByRole("dialog", { name: "Delete 3 Messages" });
    await confirm.getByText("Are you sure want to delete these messages?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await pb.getByText("Delete Successfully!").waitFor();
    await expect.poll(() => message(pa, "Draft note").count()).toBe(0);
    await expect.poll(() => message(pb, "Draft note").count()).toBe(0);
    await expect.poll(() => bar.count()).toBe(0);
    await pb.getByTestId("composer").waitFor();
    await message(pa, "Release 2.4 ships").waitFor();

    // ---- Unpin from the panel (Ada, an admin); Bob's mark goes away. ----
    await pa.getByTestId("pins-button").click();
    const pinnedA = pa.getByTestId("pinned-panel").getByTestId("pinned-message");
    await pinnedA.hover();
    await pinnedA.getByRole("button", { name: "Unpin" }).click();
    await pa.getByText("Message unpinned").waitFor();
    await pa.getByTestId("pinned-panel").getByText("No pinned messages").waitFor();
    await expect.poll(() => message(pb, "Release 2.4 ships").getByTestId("pinned-mark").count()).toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
