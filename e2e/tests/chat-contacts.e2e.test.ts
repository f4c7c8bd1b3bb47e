/**
 * Contact verification and the DM contact prompts, two members in two browser contexts (and a
 * second device of one of them): with `contact_verification_enable` on, a DM shows "… is not in
 * your contacts" instead of the composer; adding opens it; the other side can write once they
 * added back; the prompt follows a change made on another device and the server settings live;
 * a block refuses the blocked side's sends; DMs turned off close the conversation. Screenshots:
 * the prompt, the blocked state, DMs off.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { composer, message, sendFromComposer } from "../helpers/chat";
import { BOB, CAROL, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB, CAROL], channels: [{ name: "general", description: "Company-wide announcements and chatter" }] });

async function openDm(page: Page, uid: number) {
  await page.goto(`${suite.url}/#/chat/dm/${uid}`);
  await page.getByTestId("channel-title").waitFor();
}

const prompt = (page: Page) => page.getByTestId("contact-prompt");
const promptTitle = (page: Page) => page.getByTestId("contact-prompt-title");
/** Toasts gone (they would cover the header in screenshots). */
const noToasts = (page: Page) => expect.poll(() => page.locator("[data-toast]").count(), { timeout: 8_000 }).toBe(0);

describe("contact verification", () => {
  it("asks to add a contact before a DM, opens the composer once added, and follows devices and settings live", async () => {
    const { admin } = suite;
    const [bobUid, carolUid] = [suite.uid(BOB), suite.uid(CAROL)];
    await admin.request("PUT", "/admin/system/common", { contact_verification_enable: true });

    const b = await suite.signedInPage(BOB);
    const c = await suite.signedInPage(CAROL);
    const { page: pb } = b;
    const { page: pc } = c;

    // Bob opens a DM with Carol: the prompt stands where the composer would be.
    await openDm(pb, carolUid);
    await expect(promptTitle(pb).innerText()).resolves.toBe(`${CAROL.name} is not in your contacts`);
    await expect(composer(pb).count()).resolves.toBe(0);
    await noToasts(pb);
    await screenshotBothThemes(pb, "dm-contact-prompt");
    await openDm(pc, bobUid);
    await expect(promptTitle(pc).innerText()).resolves.toBe(`${BOB.name} is not in your contacts`);

    // Bob adds Carol from the prompt (keyboard) and writes.
    await prompt(pb).getByRole("button", { name: "Add to contacts" }).focus();
    await pb.keyboard.press("Enter");
    await composer(pb).waitFor();
    await expect(prompt(pb).count()).resolves.toBe(0);
    await sendFromComposer(pb, "Hi Carol, got a minute about the launch?");
    // Carol receives it; she has not added Bob, so she still sees the prompt, not a composer.
    await message(pc, "Hi Carol, got a minute about the launch?").waitFor();
    await expect(pb.locator("[data-toast=error]").count()).resolves.toBe(0);
    await expect(promptTitle(pc).innerText()).resolves.toBe(`${BOB.name} is not in your contacts`);
    await prompt(pc).getByRole("button", { name: "Add to contacts" }).click();
    await sendFromComposer(pc, "Sure, go ahead!");
    await message(pb, "Sure, go ahead!").waitFor();

    // Bob removes Carol on his second device: this one shows the prompt again, live.
    const phone = await suite.signedInPage(BOB);
    await phone.page.goto(`${suite.url}/#/users/${carolUid}`);
    await phone.page.getByRole("button", { name: "Remove contact" }).click();
    await expect.poll(() => prompt(pb).count()).toBe(1);
    await expect(promptTitle(pb).innerText()).resolves.toBe(`${CAROL.name} is not in your contacts`);
    await expect(composer(pb).count()).resolves.toBe(0);
    // The server agrees: a direct send from Bob is refused.
    const asBob = await suite.api(BOB);
    const refused = await fetch(`${suite.url}/api/user/${carolUid}/send`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "X-API-Key": asBob.token },
      body: "still there?",
    });
    expect([refused.status, await refused.text()]).toEqual([403, "contact verification is on: add this user to your contacts first"]);

    // Bob blocks Carol (with a confirmation): the prompt offers Unblock.
    await prompt(pb).getByRole("button", { name: "Block" }).click();
    await pb.getByRole("dialog").getByRole("button", { name: "Block" }).click();
    await expect.poll(() => promptTitle(pb).innerText()).toBe(`You blocked ${CAROL.name}`);
    await noToasts(pb);
    await screenshotBothThemes(pb, "dm-contact-blocked");
    // Carol's composer is still there (she added Bob), but her message is refused.
    await sendFromComposer(pc, "Hello?");
    await pc.getByText("Send failed, blocked maybe").waitFor();
    await expect(message(pb, "Hello?").count()).resolves.toBe(0);
    // Unblock, then add again: the composer is back.
    await prompt(pb).getByRole("button", { name: "Unblock" }).click();
    await expect.poll(() => promptTitle(pb).innerText()).toBe(`${CAROL.name} is not in your contacts`);
    await prompt(pb).getByRole("button", { name: "Add to contacts" }).click();
    await composer(pb).waitFor();

    // The admin turns direct messages off: both sides see it at once; turning them on brings the composers back.
    await admin.request("PUT", "/admin/system/common", { dm_enable: false });
    await expect.poll(() => promptTitle(pb).innerText().catch(() => "")).toBe("Direct messages are turned off");
    await expect.poll(() => promptTitle(pc).innerText().catch(() => "")).toBe("Direct messages are turned off");
    await noToasts(pc);
    await screenshotBothThemes(pc, "dm-off");
    await admin.request("PUT", "/admin/system/common", { dm_enable: true, contact_verification_enable: false });
    await composer(pb).waitFor();
    await composer(pc).waitFor();

    expect(b.errors).toEqual([]);
    expect(c.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
