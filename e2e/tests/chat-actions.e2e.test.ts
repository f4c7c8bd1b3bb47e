/**
 * Message actions between two users in two browser contexts: edit, react (and toggle off), reply
 * (and jump to the original through the quote), delete, each seen live by the other; markdown
 * rendering; screenshots of a channel with reactions, a reply and markdown in light and dark.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { message, messageAction, messageList, sendFromComposer } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Company-wide announcements and chatter" }] });

async function react(msg: Locator, emoji: string) {
  await messageAction(msg, "Add reaction");
  await msg.getByRole("button", { name: `React with ${emoji}` }).click();
}

const chip = (msg: Locator, emoji: string) => msg.locator(`[data-testid=reaction][data-emoji="${emoji}"]`);
const chipText = async (msg: Locator, emoji: string) => ((await chip(msg, emoji).count()) ? await chip(msg, emoji).textContent() : null);

describe("chat actions", () => {
  it("edits, reacts, replies, deletes and renders markdown live for both users", async () => {
    const { admin } = suite;
    const gid = suite.gid("general");
    const a = await suite.signedInPage(ADA, { channel: gid });
    const b = await suite.signedInPage(BOB, { channel: gid });
    const { page: pa } = a;
    const { page: pb } = b;

    // Edit: Ada edits her message; Bob sees the new text and the marker.
    await sendFromComposer(pa, "Original message from Ada");
    await message(pb, "Original message from Ada").waitFor();
    await expect.poll(() => pa.locator("[data-sending]").count()).toBe(0);
    await messageAction(message(pa, "Original message from Ada"), "Edit");
    await pa.getByTestId("composer-mode").getByText("Editing message").waitFor();
    await expect(pa.getByTestId("composer").inputValue()).resolves.toBe("Original message from Ada");
    await sendFromComposer(pa, "Edited message from Ada");
    const editedB = message(pb, "Edited message from Ada");
    await editedB.getByTestId("edited").waitFor();
    await expect(editedB.getByTestId("edited").innerText()).resolves.toBe("(edited)");
    await expect(pa.getByTestId("composer-mode").count()).resolves.toBe(0);
    const originalMid = Number(await message(pa, "Edited message from Ada").getAttribute("data-mid"));

    // Bob cannot edit or delete Ada's message.
    await message(pb, "Edited message from Ada").hover();
    await expect(message(pb, "Edited message from Ada").getByRole("button", { name: "Edit", exact: true }).count()).resolves.toBe(0);
    await expect(message(pb, "Edited message from Ada").getByRole("button", { name: "Delete", exact: true }).count()).resolves.toBe(0);

    // React: Bob reacts, Ada joins by clicking the chip, then toggles it off again.
    await react(message(pb, "Edited message from Ada"), "🎉");
    const editedA = message(pa, "Edited message from Ada");
    await expect.poll(() => chipText(editedA, "🎉")).toBe("🎉1");
    await expect(chip(editedA, "🎉").getAttribute("aria-pressed")).resolves.toBe("false");
    await chip(editedA, "🎉").click();
    await expect.poll(() => chipText(editedB, "🎉")).toBe("🎉2");
    await expect.poll(() => chip(editedA, "🎉").getAttribute("aria-pressed")).toBe("true");
    await chip(editedA, "🎉").click();
    await expect.poll(() => chipText(editedB, "🎉")).toBe("🎉1");
    await expect.poll(() => chip(editedB, "🎉").getAttribute("aria-pressed")).toBe("true");
    // Bob's own reaction again removes it.
    await react(editedB, "🎉");
    await expect.poll(() => chipText(editedA, "🎉")).toBe(null);
    await react(editedB, "👀");
    await expect.poll(() => chipText(editedA, "👀")).toBe("👀1");

    // Reply: Bob starts a reply, more messages arrive, then he sends it.
    await messageAction(editedB, "Reply");
    await pb.getByTestId("composer-mode").getByText(`Replying to ${ADA.name}`).waitFor();
    for (let i = 1; i <= 30; i++) await admin.sendToChannel(gid, `Filler message ${i}`);
    await message(pb, "Filler message 30").waitFor();
    await message(pa, "Filler message 30").waitFor();
    await sendFromComposer(pb, "Bob's reply to the original");
    const replyA = message(pa, "Bob's reply to the original");
    await replyA.getByTestId("reply-quote").waitFor();
    await expect(replyA.getByTestId("reply-quote").innerText()).resolves.toContain("Edited message from Ada");
    await expect(pb.getByTestId("composer-mode").count()).resolves.toBe(0);
    // The original is far above; the quote takes Ada there and flashes it.
    await replyA.getByTestId("reply-quote").click();
    const original = messageList(pa).locator(`[data-mid="${originalMid}"]`);
    await original.waitFor();
    await expect.poll(() => original.getAttribute("data-highlighted")).toBe("true");
    await expect
      .poll(() =>
        original.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);

    // Reactions on the reply for the screenshot, and a markdown message.
    await pa.getByRole("button", { name: "Jump to latest" }).click();
    await replyA.waitFor();
    await expect.poll(() => pa.getByRole("button", { name: "Jump to latest" }).count()).toBe(0);
    await sendFromComposer(pa, "Back at the bottom");
    await message(pb, "Back at the bottom").waitFor();
    await react(message(pa, "Bob's reply to the original"), "👍");
    await react(message(pb, "Bob's reply to the original"), "👍");
    await react(message(pb, "Bob's reply to the original"), "🚀");
    await expect.poll(() => chipText(message(pa, "Bob's reply to the original"), "👍")).toBe("👍2");

    await pa.getByRole("button", { name: "Markdown" }).click();
    await expect(pa.getByRole("button", { name: "Markdown" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await sendFromComposer(pa, "Markdown: **bold text**, `inline code` and [a link](https://example.com/docs) <b>raw</b>");
    const md = messageList(pb).getByTestId("markdown").last();
    await md.locator("strong", { hasText: "bold text" }).waitFor();
    await expect(md.locator("code").innerText()).resolves.toBe("inline code");
    const link = md.getByRole("link", { name: "a link" });
    await expect(link.getAttribute("href")).resolves.toBe("https://example.com/docs");
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer");
    // Raw HTML is not rendered as HTML.
    await expect(md.locator("b").count()).resolves.toBe(0);
    await messageList(pa).getByTestId("markdown").last().locator("strong").waitFor();
    await screenshotBothThemes(pa, "chat-actions");
    // The hover toolbar with the reaction picker open.
    const target = message(pa, "Bob's reply to the original");
    await messageAction(target, "Add reaction");
    await target.getByRole("group", { name: "Pick a reaction" }).waitFor();
    await screenshotBothThemes(pa, "message-actions", { keepHover: true });
    await pa.keyboard.press("Escape");
    await expect.poll(() => target.getByRole("group", { name: "Pick a reaction" }).count()).toBe(0);

    // Delete: Ada deletes her own message and (as admin) one of Bob's; both vanish for both.
    await sendFromComposer(pa, "Please delete me");
    await message(pb, "Please delete me").waitFor();
    await expect.poll(() => pa.locator("[data-sending]").count()).toBe(0);
    await messageAction(message(pa, "Please delete me"), "Delete");
    const dialog = pa.getByRole("dialog");
    await dialog.getByText("Are you sure want to delete this message?").waitFor();
    await screenshotBothThemes(pa, "delete-confirm");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => message(pb, "Please delete me").count()).toBe(0);
    await expect.poll(() => message(pa, "Please delete me").count()).toBe(0);
    await expect(pa.getByRole("dialog").count()).resolves.toBe(0);

    await messageAction(message(pa, "Bob's reply to the original"), "Delete");
    await pa.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => message(pb, "Bob's reply to the original").count()).toBe(0);
    await expect.poll(() => message(pa, "Bob's reply to the original").count()).toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it("pages older history into the virtualized list when scrolled to the top", async () => {
    const { admin } = suite;
    const { gid } = await admin.createChannel("history", "Paging through older messages");
    for (let i = 1; i <= 250; i++) await admin.sendToChannel(gid, `History ${i}`);

    const a = await suite.signedInPage(ADA, { channel: gid, channelName: "history" });
    const { page } = a;
    await message(page, /^History 250$/).waitFor();
    // Scrolled with the mouse wheel, as a reader does: the list opened following its end (it pins
    // there while the first rows are measured), and only a reader's input hands the scrolling over.
    // A scroll set from script looks like the list's own and was pinned back to the end.
    const scroller = page.locator("[role=log]");
    await scroller.hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -20_000);
          return message(page, /^History 1$/).count();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(1);
    // The start of the channel shows its intro, and the rendered rows stay in order.
    await page.getByRole("heading", { name: "Welcome to #history" }).waitFor();
    const shown = (await page.getByTestId("message-content").allInnerTexts()).map((x) => Number(x.replace("History ", "")));
    expect(shown[0]).toBe(1);
    expect(shown).toEqual([...shown].sort((x, y) => x - y));
    expect(a.errors).toEqual([]);
  });
});
