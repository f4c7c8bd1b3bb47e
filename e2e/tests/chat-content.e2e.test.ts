/**
 * How messages render, between two users in two browser contexts: Ada uploads a picture and a PDF
 * through the API and sends them as file messages; Bob sees the thumbnail (opening it in the
 * lightbox, with download), the file card, a highlighted markdown code block, a link preview card
 * from a local page with og: tags (the server may fetch loopback with PREVIEW_ALLOW_PRIVATE), a
 * forwarded archive, and a burn-after-reading message counting down and vanishing. Ada switches
 * her chat layout to "my messages on the right". Screenshots in light and dark.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadFileResponse } from "@parley/protocol";
import { Api } from "../helpers/api";
import { launchBrowser, openPage, screenshotBothThemes, SCREENSHOTS, type TestPage } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import { messageList as list, signIn } from "../helpers/chat";

const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };
const BOB = { name: "Bob Builder", email: "bob@example.com", password: "battery staple 2" };

const OG_PAGE = `<!doctype html><html><head><meta charset="utf-8">
<title>fallback</title>
<meta property="og:site_name" content="Parley Blog">
<meta property="og:title" content="Parley 1.0: files, previews and forwarding">
<meta property="og:description" content="Share pictures and documents, preview links, and forward whole conversations — all on your own server.">
<meta property="og:type" content="article">
</head><body><p>Release notes</p></body></html>`;

let server: TestServer;
let site: http.Server;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  // The link-preview fetcher refuses loopback addresses unless told otherwise (its own tests do the same).
  server = await startServer({ PREVIEW_ALLOW_PRIVATE: "1" });
  site = http.createServer((req, res) => {
    if (req.url === "/release-notes") res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(OG_PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await server?.stop();
});

/** A 960×600 PNG of a sunset over hills, drawn pixel by pixel (no image library needed). */
function landscapePng(width = 960, height = 600): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const mix = (a: number[], b: number[], t: number) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let c = mix([49, 46, 129], [251, 146, 60], Math.min(1, y / (height * 0.62)));
      const dx = x - width * 0.68;
      const dy = y - height * 0.5;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < 70) c = [254, 240, 138];
      else if (d < 110) c = mix([253, 224, 71], c, (d - 70) / 40);
      const far = height * 0.62 + Math.sin(x / 90) * 28 + Math.sin(x / 37) * 9;
      const near = height * 0.74 + Math.sin(x / 140 + 1.5) * 40;
      if (y > near) c = mix([22, 78, 99], [8, 47, 73], (y - near) / (height - near));
      else if (y > far) c = [88, 28, 135];
      raw.set(c, row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n" +
    "%".repeat(1200),
);

/** `POST /resource/file/prepare` then one `upload` chunk (contract §6.3). */
async function upload(api: Api, name: string, type: string, bytes: Buffer): Promise<UploadFileResponse> {
  const fileId = await api.request<string>("POST", "/resource/file/prepare", { content_type: type, filename: name });
  const form = new FormData();
  form.append("file_id", fileId);
  form.append("chunk_data", new Blob([new Uint8Array(bytes)], { type }), name);
  form.append("chunk_is_last", "true");
  const res = await fetch(`${api.base}/api/resource/file/upload`, { method: "POST", headers: { "X-API-Key": api.token }, body: form });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadFileResponse;
}

/** A send with any content type and `X-Properties`, as the web client makes it; answers the mid. */
async function sendRaw(api: Api, gid: number, contentType: string, body: string, properties?: Record<string, unknown>): Promise<number> {
  const headers: Record<string, string> = { "Content-Type": contentType, "X-API-Key": api.token };
  if (properties) headers["X-Properties"] = Buffer.from(JSON.stringify(properties)).toString("base64");
  const res = await fetch(`${api.base}/api/group/${gid}/send`, { method: "POST", headers, body });
  if (!res.ok) throw new Error(`send ${contentType} → ${res.status} ${await res.text()}`);
  return Number(await res.text());
}

async function login(tp: TestPage, email: string, password: string, gid: number) {
  const { page } = tp;
  await signIn(page, server.url, { email, password });
  await page.goto(`${server.url}/#/chat/channel/${gid}`);
  await page.locator("[role=log]").waitFor();
}

const messageWith = (page: Page, testId: string) => list(page).getByTestId("message").filter({ has: page.getByTestId(testId) });
const messageText = (page: Page, text: string) => list(page).getByTestId("message").filter({ has: page.getByTestId("message-content").getByText(text) });

describe("message content", () => {
  it("shows pictures, file cards, highlighted code, link previews, archives and expiring messages", async () => {
    const api = new Api(server.url);
    await api.createAdmin(ADMIN.email, ADMIN.name, ADMIN.password);
    await api.login(ADMIN.email, ADMIN.password);
    const { gid } = await api.createChannel("general", "Company-wide announcements and chatter");
    await api.createUser(BOB.email, BOB.name, BOB.password);
    await api.request("PUT", "/admin/system/common", { ext_setting: JSON.stringify({ enable_msg_url_preview: true }) });

    const a = await openPage(browser);
    const b = await openPage(browser);
    const { page: pa } = a;
    const { page: pb } = b;
    await login(b, BOB.email, BOB.password, gid);

    // Ada posts while Bob watches: a link, code, a picture and a PDF.
    const linkMid = await sendRaw(api, gid, "text/plain", `The release notes are out: ${siteUrl}/release-notes — have a look before Friday.`);
    await sendRaw(
      api,
      gid,
      "text/markdown",
      "Here is the retry helper we talked about:\n\n```ts\nexport async function retry<T>(fn: () => Promise<T>, times = 3): Promise<T> {\n  for (let i = 0; ; i++) {\n    try { return await fn(); }\n    catch (err) { if (i >= times) throw err; } // give up\n  }\n}\n```",
    );
    const png = landscapePng();
    const image = await upload(api, "sunset-hills.png", "image/png", png);
    expect(image.image_properties).toEqual({ width: 960, height: 600 });
    const imageMid = await sendRaw(api, gid, "vocechat/file", JSON.stringify({ path: image.path }), {
      name: "sunset-hills.png",
      content_type: "image/png",
      size: image.size,
      width: 960,
      height: 600,
      local_id: Date.now(),
    });
    const pdf = await upload(api, "Project plan Q3.pdf", "application/pdf", PDF);
    const pdfMid = await sendRaw(api, gid, "vocechat/file", JSON.stringify({ path: pdf.path }), { name: "Project plan Q3.pdf", content_type: "application/pdf", size: pdf.size, local_id: Date.now() });

    // The link preview card, from the server's Open Graph reader.
    const preview = messageText(pb, "The release notes are out").getByTestId("link-preview");
    await preview.waitFor();
    await expect(preview.getByTestId("link-preview-title").innerText()).resolves.toBe("Parley 1.0: files, previews and forwarding");
    await expect(preview.getByTestId("link-preview-site").innerText()).resolves.toBe("Parley Blog");
    await expect(preview.getByTestId("link-preview-title").getAttribute("href")).resolves.toBe(`${siteUrl}/release-notes`);
    // The URL in the text is a link too.
    await expect(messageText(pb, "The release notes are out").getByRole("link", { name: `${siteUrl}/release-notes` }).count()).resolves.toBe(1);

    // The code block is highlighted (highlight.js classes, coloured by our theme).
    const code = list(pb).getByTestId("code-block").locator("code");
    await expect.poll(() => code.locator(".hljs-keyword").count()).toBeGreaterThan(3);
    await expect(code.getAttribute("class")).resolves.toContain("language-ts");
    const keywordColor = await code.locator(".hljs-keyword").first().evaluate((el) => getComputedStyle(el).color);
    const plainColor = await code.evaluate((el) => getComputedStyle(el).color);
    expect(keywordColor).not.toBe(plainColor);

    // The picture: a thumbnail in a box reserved from its size (960×600 → 320×200), loaded.
    const thumb = messageWith(pb, "image-thumb").getByTestId("image-thumb");
    await thumb.waitFor();
    await expect(thumb.evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight])).resolves.toEqual([320, 200]);
    await expect.poll(() => thumb.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await expect(thumb.locator("img").getAttribute("src")).resolves.toContain("thumbnail=true");

    // The file card: name, size in units of 1000, a download link with the name.
    const card = messageWith(pb, "file-card").getByTestId("file-card");
    await expect(card.getByTestId("file-name").innerText()).resolves.toBe("Project plan Q3.pdf");
    await expect(card.getByTestId("file-size").innerText()).resolves.toBe(`${(pdf.size / 1000).toFixed(1)} kB`);
    const download = card.getByTestId("file-download");
    await expect(download.getAttribute("download")).resolves.toBe("Project plan Q3.pdf");
    const href = (await download.getAttribute("href"))!;
    const res = await pb.request.get(`${server.url}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toMatch(/^attachment;.*Project plan Q3\.pdf/);

    await pb.waitForTimeout(300);
    await screenshotBothThemes(pb, "chat-content");

    // The lightbox: the full picture, with download and close.
    await thumb.click();
    const lightbox = pb.locator(".yarl__root");
    await lightbox.waitFor();
    await expect.poll(() => lightbox.locator("img.yarl__slide_image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
    await expect(lightbox.getByRole("button", { name: "Download" }).count()).resolves.toBe(1);
    await expect(lightbox.getByTestId("lightbox-title").innerText()).resolves.toBe("sunset-hills.png");
    await pb.waitForTimeout(800);
    for (const scheme of ["light", "dark"] as const) {
      await pb.emulateMedia({ colorScheme: scheme });
      await pb.waitForTimeout(150);
      await pb.screenshot({ path: path.join(SCREENSHOTS, `chat-lightbox-${scheme}.png`) });
    }
    await pb.emulateMedia({ colorScheme: "light" });
    await lightbox.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => pb.locator(".yarl__root").count()).toBe(0);

    // Forwarding: Ada archives three messages and sends the bundle; Bob opens it.
    const archivePath = await api.request<string>("POST", "/resource/archive", { mid_list: [linkMid, imageMid, pdfMid] });
    await sendRaw(api, gid, "vocechat/archive", archivePath);
    const archive = messageWith(pb, "archive").getByTestId("archive");
    await archive.waitFor();
    await expect(archive.getByTestId("archive-title").innerText()).resolves.toBe("Forwarded 3 messages");
    await expect(archive.getByTestId("archive-excerpt").count()).resolves.toBe(2);
    await archive.getByTestId("archive-toggle").click();
    await expect(archive.getByTestId("archive-toggle").getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(archive.getByTestId("archive-message").count()).resolves.toBe(3);
    await expect(archive.getByTestId("archive-sender").allInnerTexts()).resolves.toEqual([ADMIN.name, ADMIN.name, ADMIN.name]);
    await expect(archive.getByTestId("archive-message").first().innerText()).resolves.toContain("The release notes are out");
    const archivedImg = archive.getByTestId("image-thumb").locator("img");
    await expect(archivedImg.getAttribute("src")).resolves.toContain("/api/resource/archive/attachment?");
    await expect.poll(() => archivedImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await expect(archive.getByTestId("file-card").getByTestId("file-name").innerText()).resolves.toBe("Project plan Q3.pdf");
    await pb.locator("[role=log]").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await pb.waitForTimeout(300);
    await screenshotBothThemes(pb, "chat-archive");

    // Burn after reading: Ada's messages here now expire after 8 s; Bob sees the countdown, then nothing.
    await api.request("POST", "/user/burn-after-reading", { groups: [{ gid, expires_in: 8 }] });
    await api.sendToChannel(gid, "This note will self-destruct");
    const burning = messageText(pb, "This note will self-destruct");
    const badge = burning.getByTestId("expiry-countdown");
    await badge.waitFor();
    await expect(badge.innerText()).resolves.toMatch(/^[1-8]s$/);
    await expect.poll(() => burning.count(), { timeout: 20_000 }).toBe(0);
    await api.request("POST", "/user/burn-after-reading", { groups: [{ gid, expires_in: 0 }] });

    // Ada puts her own messages on the right (Settings → My Account).
    await login(a, ADMIN.email, ADMIN.password, gid);
    await pa.goto(`${server.url}/#/setting/my_account`);
    const layout = pa.getByRole("radiogroup", { name: "Chat layout" });
    await layout.getByRole("radio", { name: /My messages on the right/ }).click();
    await expect(layout.getByRole("radio", { name: /My messages on the right/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await screenshotBothThemes(pa, "setting-chat-layout");
    await pa.goto(`${server.url}/#/chat/channel/${gid}`);
    await api.sendToChannel(gid, "Right-aligned now");
    const bob = new Api(server.url);
    await bob.login(BOB.email, BOB.password);
    await bob.sendToChannel(gid, "Looks great from here — the picture came through fine.");
    const mine = messageText(pa, "Right-aligned now").getByTestId("message-content");
    await mine.waitFor();
    await expect(mine.getAttribute("data-layout")).resolves.toBe("right");
    const theirs = messageText(pa, "Looks great from here").getByTestId("message-content");
    await theirs.waitFor();
    await expect(theirs.getAttribute("data-layout")).resolves.toBe(null);
    const [mineBox, theirsBox] = [await mine.boundingBox(), await theirs.boundingBox()];
    // A short bubble at the right edge; theirs starts at the left, after the avatar.
    expect(mineBox!.x).toBeGreaterThan(theirsBox!.x + 400);
    expect(mineBox!.width).toBeLessThan(300);
    // The choice survives a reload (localStorage).
    await pa.reload();
    await expect(messageText(pa, "Right-aligned now").getByTestId("message-content").getAttribute("data-layout")).resolves.toBe("right");
    await pa.waitForTimeout(300);
    await screenshotBothThemes(pa, "chat-layout-right");

    // With previews turned off, a new link shows none.
    await api.request("PUT", "/admin/system/common", { ext_setting: JSON.stringify({ enable_msg_url_preview: false }) });
    await pb.waitForTimeout(500);
    await api.sendToChannel(gid, `Another link: ${siteUrl}/release-notes?v=2`);
    const plain = messageText(pb, "Another link:");
    await plain.waitFor();
    await pb.waitForTimeout(800);
    await expect(plain.getByTestId("link-preview").count()).resolves.toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
