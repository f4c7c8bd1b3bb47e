/**
 * The members, saved-items and files screens with two users in two browser contexts: contacts
 * (add, block — the blocked user's DM is refused —, unblock), the private remark in the profile
 * and the sidebar (and after a reload), saved items from `POST /favorite` rendered and removed,
 * and files uploaded through the API listed, filtered and shown as a grid and a list. Light and
 * dark screenshots of each screen.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Api, Recipient } from "../helpers/api";
import { screenshotBothThemes, type TestPage } from "../helpers/browser";
import { openRoute, sendFromComposer } from "../helpers/chat";
import { encodePng, type Rgb } from "../helpers/png";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({
  members: [
    BOB,
    { name: "Carol Chen", email: "carol@example.com", password: "carol pass 3" },
    { name: "Dan Okafor", email: "dan@example.com", password: "dan pass 4" },
    { name: "Erin Walsh", email: "erin@example.com", password: "erin pass 5", isAdmin: true },
  ],
  channels: [{ name: "general", description: "Company-wide announcements and chatter" }],
});
let admin: Api;
let bob: Api;
let gid: number;
let adaUid: number;
let bobUid: number;
let a: TestPage;
let b: TestPage;

// ---- fixtures through the HTTP API ------------------------------------------------------------

/** A small RGB PNG: a diagonal gradient between two colours, with a soft circle. */
function png(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const dx = x - width * 0.66;
    const dy = y - height * 0.4;
    const glow = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) / (Math.min(width, height) * 0.35)) * 70;
    return [0, 1, 2].map((i) => Math.min(255, Math.round(from[i] + (to[i] - from[i]) * t + glow)));
  });
}

/** Upload a file and send it as a `vocechat/file` message (as the web client does); answers the mid. */
async function sendFile(api: Api, to: Recipient, filename: string, contentType: string, bytes: Buffer): Promise<number> {
  const up = await api.upload(filename, contentType, bytes);
  const properties = { name: filename, content_type: contentType, size: up.size, ...(up.image_properties ?? {}) };
  return api.send(to, JSON.stringify({ path: up.path }), { contentType: "vocechat/file", properties });
}

/** Filler bytes of a given size (documents the server stores without reading them). */
const bytesOf = (size: number, seed = 7) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * seed) % 251;
  return bytes;
};

// ---- the browser ------------------------------------------------------------------------------

const toast = (page: Page, text: string) => page.locator("[data-toast]", { hasText: text });
const fileNames = (page: Page) => page.getByTestId("file-name").allInnerTexts();

beforeAll(async () => {
  admin = suite.admin;
  adaUid = suite.uid(ADA);
  bobUid = suite.uid(BOB);
  gid = suite.gid("general");
  await admin.request("POST", "/admin/user", { email: "deploy-bot@example.com", password: "bot pass 6", name: "Deploy Bot", gender: 0, is_bot: true });
  // Ada gets a picture, so the profile shows an avatar image.
  const avatar = await fetch(`${suite.url}/api/user/avatar`, {
    method: "POST",
    headers: { "Content-Type": "image/png", "X-API-Key": admin.token },
    body: new Uint8Array(png(128, 128, [99, 102, 241], [236, 72, 153])),
  });
  expect(avatar.ok).toBe(true);
  bob = await suite.api(BOB);

  a = await suite.signedInPage(ADA);
  b = await suite.signedInPage(BOB);
});

describe("members, saved items and files", () => {
  it("adds a contact, blocks (the DM is refused), unblocks, and sets a remark", async () => {
    const { page: pa } = a;
    const { page: pb } = b;

    await openRoute(pb, `/users/${adaUid}`);
    await expect.poll(() => pb.getByTestId("profile-name").innerText()).toBe(ADA.name);
    const actions = pb.getByRole("group", { name: "Actions" });
    await actions.getByRole("button", { name: "Add contact" }).click();
    await pb.getByTestId("profile-contact-status").getByText("Contact").waitFor();
    await pb.getByRole("button", { name: /^Contacts/ }).click();
    await expect.poll(() => pb.getByTestId("directory-user").allInnerTexts()).toEqual([expect.stringContaining(ADA.name)]);
    await pb.getByRole("button", { name: /^All/ }).click();

    // Block: after confirming, Ada's direct messages to Bob are refused with the spec's text.
    await actions.getByRole("button", { name: "Block" }).click();
    await pb.getByRole("dialog").getByRole("button", { name: "Block" }).click();
    await pb.getByText(`You blocked ${ADA.name}`).waitFor();
    await openRoute(pa, `/chat/dm/${bobUid}`);
    await sendFromComposer(pa, "Are you there, Bob?");
    await toast(pa, "Send failed, blocked maybe").waitFor();

    // Unblock: the next message gets through.
    await actions.getByRole("button", { name: "Unblock" }).click();
    await expect.poll(() => pb.getByTestId("profile-contact-status").count()).toBe(0);
    await sendFromComposer(pa, "Lunch at noon?");
    await openRoute(pb, `/chat/dm/${adaUid}`);
    await pb.getByTestId("message-list").getByText("Lunch at noon?").waitFor();
    await openRoute(pb, `/users/${adaUid}`);
    await pb.getByRole("group", { name: "Actions" }).getByRole("button", { name: "Add contact" }).click();
    await pb.getByTestId("profile-contact-status").waitFor();

    // The remark: shown in the profile, the directory and the sidebar; kept across a reload.
    await pb.getByRole("button", { name: "Add a remark" }).click();
    await pb.getByRole("textbox", { name: "Remark" }).fill("Ada (design lead)");
    await pb.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => pb.getByTestId("profile-name").innerText()).toBe("Ada (design lead)");
    await pb.getByText(`Name: ${ADA.name}`).waitFor();
    await pb.reload();
    await expect.poll(() => pb.getByTestId("profile-name").innerText()).toBe("Ada (design lead)");
    await screenshotBothThemes(pb, "users-profile");
    await openRoute(pb, `/chat/dm/${adaUid}`);
    await expect.poll(() => pb.getByTestId("sidebar-dm-name").allInnerTexts()).toContain("Ada (design lead)");

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it("shows saved items from POST /favorite, filters them and removes one", async () => {
    const { page: pb } = b;
    const note = await admin.send({ gid }, "Reminder: the launch checklist lives in the wiki. Please review it before Friday.");
    const md = await admin.send({ gid }, "**Release plan**\n\n- Freeze on *Tuesday*\n- Ship on `Thursday`", { contentType: "text/markdown" });
    const picture = await sendFile(admin, { gid }, "launch-banner.png", "image/png", png(640, 360, [14, 165, 233], [124, 58, 237]));
    const pdf = await sendFile(admin, { gid }, "Budget 2026.pdf", "application/pdf", bytesOf(1_240_000));
    await bob.request("POST", "/favorite", { mid_list: [note] });
    await bob.request("POST", "/favorite", { mid_list: [md, pdf] });
    await bob.request("POST", "/favorite", { mid_list: [picture] });

    await openRoute(pb, "/favs");
    await expect.poll(() => pb.getByTestId("favorite").count()).toBe(3);
    await pb.getByText("Reminder: the launch checklist lives in the wiki.", { exact: false }).waitFor();
    await pb.locator("[data-testid=favorite] strong", { hasText: "Release plan" }).waitFor();
    await pb.getByTestId("favorite").getByText("Budget 2026.pdf").first().waitFor();
    // The picture comes from the favorite's own copy.
    const img = pb.locator("[data-testid=favorite] img[src*='/api/favorite/attachment/']").first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshotBothThemes(pb, "favs");

    const bar = pb.getByRole("toolbar", { name: "Filter by kind" });
    await bar.getByRole("button", { name: /^Images/ }).click();
    await expect.poll(() => pb.locator("[data-testid=favorite]:visible").count()).toBe(1);
    await bar.getByRole("button", { name: /^Files/ }).click();
    await expect.poll(() => pb.locator("[data-testid=favorite]:visible").count()).toBe(1);
    await pb.locator("[data-testid=favorite]:visible").getByText("Budget 2026.pdf").first().waitFor();
    await bar.getByRole("button", { name: /^All/ }).click();

    const card = pb.getByTestId("favorite").filter({ hasText: "Reminder: the launch checklist" });
    await card.getByRole("button", { name: "Remove" }).click();
    await pb.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await toast(pb, "Delete Successfully!").waitFor();
    await expect.poll(() => pb.getByTestId("favorite").count()).toBe(2);
    await expect(bob.request<unknown[]>("GET", "/favorite")).resolves.toHaveLength(2);
    expect(b.errors).toEqual([]);
  });

  it("lists uploaded files with filters, in a grid and a list, for an admin and a member", async () => {
    const { page: pa } = a;
    const { page: pb } = b;
    await sendFile(admin, { gid }, "Quarterly report.pdf", "application/pdf", bytesOf(2_480_000, 3));
    await sendFile(admin, { gid }, "Design notes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytesOf(86_000, 5));
    await sendFile(admin, { gid }, "standup-recording.mp3", "audio/mpeg", bytesOf(3_200_000, 11));
    await sendFile(admin, { gid }, "product-demo.mp4", "video/mp4", bytesOf(5_600_000, 13));
    await sendFile(bob, { uid: adaUid }, "whiteboard.png", "image/png", png(480, 360, [16, 185, 129], [59, 130, 246]));
    await sendFile(bob, { gid }, "assets.zip", "application/zip", bytesOf(740_000, 17));

    // The admin sees the server's list of every file.
    await openRoute(pa, "/files");
    await expect.poll(() => pa.getByTestId("file-item").count()).toBe(8);
    const types = pa.getByRole("toolbar", { name: "Filter by type" });
    await types.getByRole("button", { name: /^Images/ }).click();
    await expect.poll(() => fileNames(pa)).toEqual(["whiteboard.png", "launch-banner.png"]);
    await types.getByRole("button", { name: /^Documents/ }).click();
    await expect.poll(() => fileNames(pa)).toEqual(["Design notes.docx", "Quarterly report.pdf", "Budget 2026.pdf"]);
    await types.getByRole("button", { name: /^Other/ }).click();
    await expect.poll(() => fileNames(pa)).toEqual(["assets.zip"]);
    await types.getByRole("button", { name: /^All/ }).click();
    await pa.getByRole("searchbox", { name: "Search by file name" }).fill("report");
    await expect.poll(() => fileNames(pa)).toEqual(["Quarterly report.pdf"]);
    await pa.getByRole("button", { name: "Clear filters" }).click();
    await pa.getByRole("combobox", { name: "Sender" }).selectOption({ label: BOB.name });
    await expect.poll(() => fileNames(pa)).toEqual(["assets.zip", "whiteboard.png"]);
    await pa.getByRole("combobox", { name: "Conversation" }).selectOption({ label: `@${BOB.name}` });
    await expect.poll(() => fileNames(pa)).toEqual(["whiteboard.png"]);
    await pa.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => pa.getByTestId("file-item").count()).toBe(8);

    // Sizes in units of 1000; the download link serves the file.
    const report = pa.getByTestId("file-item").filter({ hasText: "Quarterly report.pdf" });
    await expect(report.getByTestId("file-size").innerText()).resolves.toBe("2.5 MB");
    const href = await report.getByRole("link", { name: "Download Quarterly report.pdf" }).getAttribute("href");
    const download = await fetch(`${suite.url}${href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect((await download.arrayBuffer()).byteLength).toBe(2_480_000);

    await expect.poll(() => pa.locator("[data-testid=file-item] img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await screenshotBothThemes(pa, "files-grid");
    await pa.getByRole("button", { name: "List view" }).click();
    await pa.getByTestId("file-list").waitFor();
    await screenshotBothThemes(pa, "files-list");
    // The view is remembered.
    await pa.reload();
    await pa.getByTestId("file-list").waitFor();
    await expect(pa.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await pa.getByRole("button", { name: "Grid view" }).click();
    await pa.getByTestId("file-grid").waitFor();

    // Open in chat goes to the file's conversation.
    await pa.getByRole("button", { name: "Open whiteboard.png in chat" }).click();
    await pa.waitForURL(new RegExp(`#/chat/dm/${bobUid}$`));

    // A member sees the files of the conversations in their client.
    await openRoute(pb, "/files");
    await expect.poll(() => pb.getByTestId("file-item").count()).toBe(8);
    await pb.getByRole("combobox", { name: "Conversation" }).selectOption({ label: `@${"Ada (design lead)"}` });
    await expect.poll(() => fileNames(pb)).toEqual(["whiteboard.png"]);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
