/**
 * The members, saved-items and files screens with two users in two browser contexts: contacts
 * (add, block — the blocked user's DM is refused —, unblock), the private remark in the profile
 * and the sidebar (and after a reload), saved items from `POST /favorite` rendered and removed,
 * and files uploaded through the API listed, filtered and shown as a grid and a list. Light and
 * dark screenshots of each screen.
 */
import { deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadFileResponse } from "@parley/protocol";
import { Api } from "../helpers/api";
import { launchBrowser, openPage, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";

const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };
const BOB = { name: "Bob Builder", email: "bob@example.com", password: "battery staple 2" };

let server: TestServer;
let browser: Browser;
let admin: Api;
let bob: Api;
let gid: number;
let adaUid: number;
let bobUid: number;
let a: TestPage;
let b: TestPage;

// ---- fixtures through the HTTP API ------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A small RGB PNG: a diagonal gradient between two colours, with a soft circle. */
function png(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const dx = x - width * 0.66;
      const dy = y - height * 0.4;
      const glow = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) / (Math.min(width, height) * 0.35)) * 70;
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.min(255, Math.round(from[i] + (to[i] - from[i]) * t + glow));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

async function upload(api: Api, filename: string, contentType: string, bytes: Buffer): Promise<UploadFileResponse> {
  const fileId = await api.request<string>("POST", "/resource/file/prepare", { content_type: contentType, filename });
  const form = new FormData();
  form.append("file_id", fileId);
  form.append("chunk_data", new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  form.append("chunk_is_last", "true");
  const res = await fetch(`${api.base}/api/resource/file/upload`, { method: "POST", headers: { "X-API-Key": api.token }, body: form });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadFileResponse;
}

/** Upload a file and send it as a `vocechat/file` message (as the web client does); answers the mid. */
async function sendFile(api: Api, to: { gid: number } | { uid: number }, filename: string, contentType: string, bytes: Buffer): Promise<number> {
  const up = await upload(api, filename, contentType, bytes);
  const props = { name: filename, content_type: contentType, size: up.size, ...(up.image_properties ?? {}) };
  const url = "gid" in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
  const res = await fetch(`${api.base}/api${url}`, {
    method: "POST",
    headers: { "Content-Type": "vocechat/file", "X-API-Key": api.token, "X-Properties": Buffer.from(JSON.stringify(props)).toString("base64") },
    body: JSON.stringify({ path: up.path }),
  });
  if (!res.ok) throw new Error(`send file → ${res.status} ${await res.text()}`);
  return Number(await res.text());
}

async function sendText(api: Api, to: { gid: number } | { uid: number }, text: string, type = "text/plain"): Promise<number> {
  const url = "gid" in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
  const res = await fetch(`${api.base}/api${url}`, { method: "POST", headers: { "Content-Type": type, "X-API-Key": api.token }, body: text });
  if (!res.ok) throw new Error(`send → ${res.status} ${await res.text()}`);
  return Number(await res.text());
}

/** Filler bytes of a given size (documents the server stores without reading them). */
const bytesOf = (size: number, seed = 7) => Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 251));

// ---- the browser ------------------------------------------------------------------------------

async function login(tp: TestPage, email: string, password: string) {
  const { page } = tp;
  await page.goto(`${server.url}/#/login`);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/#\/$/);
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => (window.location.hash = h), hash);
  await page.waitForURL(new RegExp(`#${hash.replace(/[/]/g, "\\/")}$`));
}

const toast = (page: Page, text: string) => page.locator("[data-toast]", { hasText: text });
const fileNames = (page: Page) => page.getByTestId("file-name").allInnerTexts();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = new Api(server.url);
  adaUid = (await admin.createAdmin(ADMIN.email, ADMIN.name, ADMIN.password)).uid;
  await admin.login(ADMIN.email, ADMIN.password);
  gid = (await admin.createChannel("general", "Company-wide announcements and chatter")).gid;
  bobUid = (await admin.createUser(BOB.email, BOB.name, BOB.password)).uid;
  await admin.createUser("carol@example.com", "Carol Chen", "carol pass 3");
  await admin.createUser("dan@example.com", "Dan Okafor", "dan pass 4");
  await admin.createUser("erin@example.com", "Erin Walsh", "erin pass 5", true);
  await admin.request("POST", "/admin/user", { email: "deploy-bot@example.com", password: "bot pass 6", name: "Deploy Bot", gender: 0, is_bot: true });
  // Ada gets a picture, so the profile shows an avatar image.
  const avatar = await fetch(`${server.url}/api/user/avatar`, {
    method: "POST",
    headers: { "Content-Type": "image/png", "X-API-Key": admin.token },
    body: new Uint8Array(png(128, 128, [99, 102, 241], [236, 72, 153])),
  });
  expect(avatar.ok).toBe(true);
  bob = new Api(server.url);
  await bob.login(BOB.email, BOB.password);

  a = await openPage(browser);
  b = await openPage(browser);
  await login(a, ADMIN.email, ADMIN.password);
  await login(b, BOB.email, BOB.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("members, saved items and files", () => {
  it("adds a contact, blocks (the DM is refused), unblocks, and sets a remark", async () => {
    const { page: pa } = a;
    const { page: pb } = b;

    await go(pb, `/users/${adaUid}`);
    await expect.poll(() => pb.getByTestId("profile-name").innerText()).toBe(ADMIN.name);
    const actions = pb.getByRole("group", { name: "Actions" });
    await actions.getByRole("button", { name: "Add contact" }).click();
    await pb.getByTestId("profile-contact-status").getByText("Contact").waitFor();
    await pb.getByRole("button", { name: /^Contacts/ }).click();
    await expect.poll(() => pb.getByTestId("directory-user").allInnerTexts()).toEqual([expect.stringContaining(ADMIN.name)]);
    await pb.getByRole("button", { name: /^All/ }).click();

    // Block: after confirming, Ada's direct messages to Bob are refused with the spec's text.
    await actions.getByRole("button", { name: "Block" }).click();
    await pb.getByRole("dialog").getByRole("button", { name: "Block" }).click();
    await pb.getByText(`You blocked ${ADMIN.name}`).waitFor();
    await go(pa, `/chat/dm/${bobUid}`);
    await pa.getByTestId("composer").fill("Are you there, Bob?");
    await pa.getByTestId("composer").press("Enter");
    await toast(pa, "Send failed, blocked maybe").waitFor();

    // Unblock: the next message gets through.
    await actions.getByRole("button", { name: "Unblock" }).click();
    await expect.poll(() => pb.getByTestId("profile-contact-status").count()).toBe(0);
    await pa.getByTestId("composer").fill("Lunch at noon?");
    await pa.getByTestId("composer").press("Enter");
    await go(pb, `/chat/dm/${adaUid}`);
    await pb.getByTestId("message-list").getByText("Lunch at noon?").waitFor();
    await go(pb, `/users/${adaUid}`);
    await pb.getByRole("group", { name: "Actions" }).getByRole("button", { name: "Add contact" }).click();
    await pb.getByTestId("profile-contact-status").waitFor();

    // The remark: shown in the profile, the directory and the sidebar; kept across a reload.
    await pb.getByRole("button", { name: "Add a remark" }).click();
    await pb.getByRole("textbox", { name: "Remark" }).fill("Ada (design lead)");
    await pb.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => pb.getByTestId("profile-name").innerText()).toBe("Ada (design lead)");
    await pb.getByText(`Name: ${ADMIN.name}`).waitFor();
    await pb.reload();
    await expect.poll(() => pb.getByTestId("profile-name").innerText()).toBe("Ada (design lead)");
    await screenshotBothThemes(pb, "users-profile");
    await go(pb, `/chat/dm/${adaUid}`);
    await expect.poll(() => pb.getByTestId("sidebar-dm-name").allInnerTexts()).toContain("Ada (design lead)");

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it("shows saved items from POST /favorite, filters them and removes one", async () => {
    const { page: pb } = b;
    const note = await sendText(admin, { gid }, "Reminder: the launch checklist lives in the wiki. Please review it before Friday.");
    const md = await sendText(admin, { gid }, "**Release plan**\n\n- Freeze on *Tuesday*\n- Ship on `Thursday`", "text/markdown");
    const picture = await sendFile(admin, { gid }, "launch-banner.png", "image/png", png(640, 360, [14, 165, 233], [124, 58, 237]));
    const pdf = await sendFile(admin, { gid }, "Budget 2026.pdf", "application/pdf", bytesOf(1_240_000));
    await bob.request("POST", "/favorite", { mid_list: [note] });
    await bob.request("POST", "/favorite", { mid_list: [md, pdf] });
    await bob.request("POST", "/favorite", { mid_list: [picture] });

    await go(pb, "/favs");
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
    await go(pa, "/files");
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
    const download = await fetch(`${server.url}${href}`);
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
    await go(pb, "/files");
    await expect.poll(() => pb.getByTestId("file-item").count()).toBe(8);
    await pb.getByRole("combobox", { name: "Conversation" }).selectOption({ label: `@${"Ada (design lead)"}` });
    await expect.poll(() => fileNames(pb)).toEqual(["whiteboard.png"]);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
