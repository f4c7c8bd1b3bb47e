/**
 * Contact verification and the DM contact prompts, two members in two browser contexts (and a
 * second device of one of them): with `contact_verification_enable` on, a DM shows "… is not in
 * your contacts" instead of the composer; adding opens it; the other side can write once they
 * added back; the prompt follows a change made on another device and the server settings live;
 * a block refuses the blocked side's sends; DMs turned off close the conversation. Screenshots:
 * the prompt, the blocked state, DMs off.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../helpers/api";
import { launchBrowser, openPage, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import { message, signIn } from "../helpers/chat";

const ADA = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };
const BOB = { name: "Bob Builder", email: "bob@example.com", password: "battery staple 2" };
const CAROL = { name: "Carol Cook", email: "carol@example.com", password: "battery staple 3" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const login = (tp: TestPage, email: string, password: string) => signIn(tp.page, server.url, { email, password });

async function openDm(page: Page, uid: number) {
  await page.goto(`${server.url}/#/chat/dm/${uid}`);
  await page.getByTestId("channel-title").waitFor();
}

const prompt = (page: Page) => page.getByTestId("contact-prompt");
const promptTitle = (page: Page) => page.getByTestId("contact-prompt-title");
const composer = (page: Page) => page.getByTestId("composer");
/** Toasts gone (they would cover the header in screenshots). */
const noToasts = (page: Page) => expect.poll(() => page.locator("[data-toast]").count(), { timeout: 8_000 }).toBe(0);

describe("contact verification", () => {
  it("asks to add a contact before a DM, opens the composer once added, and follows devices and settings live", async () => {
    const api = new Api(server.url);
    await api.createAdmin(ADA.email, ADA.name, ADA.password);
    await api.login(ADA.email, ADA.password);
    await api.createChannel("general", "Company-wide announcements and chatter");
    const bob = await api.createUser(BOB.email, BOB.name, BOB.password);
    const carol = await api.createUser(CAROL.email, CAROL.name, CAROL.password);
    await api.request("PUT", "/admin/system/common", { contact_verification_enable: true });

    const b = await openPage(browser);
    const c = await openPage(browser);
    const { page: pb } = b;
    const { page: pc } = c;
    await login(b, BOB.email, BOB.password);
    await login(c, CAROL.email, CAROL.password);

    // Bob opens a DM with Carol: the prompt stands where the composer would be.
    await openDm(pb, carol.uid);
    await expect(promptTitle(pb).innerText()).resolves.toBe(`${CAROL.name} is not in your contacts`);
    await expect(composer(pb).count()).resolves.toBe(0);
    await noToasts(pb);
    await screenshotBothThemes(pb, "dm-contact-prompt");
    await openDm(pc, bob.uid);
    await expect(promptTitle(pc).innerText()).resolves.toBe(`${BOB.name} is not in your contacts`);

    // Bob adds Carol from the prompt (keyboard) and writes.
    await prompt(pb).getByRole("button", { name: "Add to contacts" }).focus();
    await pb.keyboard.press("Enter");
    await composer(pb).waitFor();
    await expect(prompt(pb).count()).resolves.toBe(0);
    await composer(pb).fill("Hi Carol, got a minute about the launch?");
    await composer(pb).press("Enter");
    // Carol receives it; she has not added Bob, so she still sees the prompt, not a composer.
    await message(pc, "Hi Carol, got a minute about the launch?").waitFor();
    await expect(pb.locator("[data-toast=error]").count()).resolves.toBe(0);
    await expect(promptTitle(pc).innerText()).resolves.toBe(`${BOB.name} is not in your contacts`);
    await prompt(pc).getByRole("button", { name: "Add to contacts" }).click();
    await composer(pc).fill("Sure, go ahead!");
    await composer(pc).press("Enter");
    await message(pb, "Sure, go ahead!").waitFor();

    // Bob removes Carol on his second device: this one shows the prompt again, live.
    const phone = await openPage(browser);
    await login(phone, BOB.email, BOB.password);
    await phone.page.goto(`${server.url}/#/users/${carol.uid}`);
    await phone.page.getByRole("button", { name: "Remove contact" }).click();
    await expect.poll(() => prompt(pb).count()).toBe(1);
    await expect(promptTitle(pb).innerText()).resolves.toBe(`${CAROL.name} is not in your contacts`);
    await expect(composer(pb).count()).resolves.toBe(0);
    // The server agrees: a direct send from Bob is refused.
    const asBob = new Api(server.url);
    await asBob.login(BOB.email, BOB.password);
    const refused = await fetch(`${server.url}/api/user/${carol.uid}/send`, {
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
    await composer(pc).fill("Hello?");
    await composer(pc).press("Enter");
    await pc.getByText("Send failed, blocked maybe").waitFor();
    await expect(message(pb, "Hello?").count()).resolves.toBe(0);
    // Unblock, then add again: the composer is back.
    await prompt(pb).getByRole("button", { name: "Unblock" }).click();
    await expect.poll(() => promptTitle(pb).innerText()).toBe(`${CAROL.name} is not in your contacts`);
    await prompt(pb).getByRole("button", { name: "Add to contacts" }).click();
    await composer(pb).waitFor();

    // The admin turns direct messages off: both sides see it at once; turning them on brings the composers back.
    await api.request("PUT", "/admin/system/common", { dm_enable: false });
    await expect.poll(() => promptTitle(pb).innerText().catch(() => "")).toBe("Direct messages are turned off");
    await expect.poll(() => promptTitle(pc).innerText().catch(() => "")).toBe("Direct messages are turned off");
    await noToasts(pc);
    await screenshotBothThemes(pc, "dm-off");
    await api.request("PUT", "/admin/system/common", { dm_enable: true, contact_verification_enable: false });
    await composer(pb).waitFor();
    await composer(pc).waitFor();

    expect(b.errors).toEqual([]);
    expect(c.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
