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
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotBothThemes, type TestPage } from "../helpers/browser";
import { message, messageList } from "../helpers/chat";
import { encodePng } from "../helpers/png";
import { ADA, BOB, useSuite, type Person } from "../helpers/suite";

const OG_PAGE = `<!doctype html><html><head><meta charset="utf-8">
<title>fallback</title>
<meta property="og:site_name" content="Parley Blog">
<meta property="og:title" content="Parley 1.0: files, previews and forwarding">
<meta property="og:description" content="Share pictures and documents, preview links, and forward whole conversations — all on your own server.">
<meta property="og:type" content="article">
</head><body><p>Release notes</p></body></html>`;

// The link-preview fetcher refuses loopback addresses unless told otherwise (its own tests do the same).
const suite = useSuite({
  env: { PREVIEW_ALLOW_PRIVATE: "1" },
  members: [BOB],
  channels: [{ name: "general", description: "Company-wide announcements and chatter" }],
});
/** A local web page with og: tags, for the link preview. */
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === "/release-notes") res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(OG_PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

/** A 960×600 PNG of a sunset over hills. */
function landscapePng(width = 960, height = 600): Buffer {
  const mix = (a: number[], b: number[], t: number) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
  return encodePng(width, height, (x, y) => {
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
    return c;
  });
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n" +
    "%".repeat(1200),
);

/** Signs `who` in, then opens channel `gid` by its address. */
async function signInToChannel(who: Person, gid: number): Promise<TestPage> {
  const tp = await suite.signedInPage(who);
  await tp.page.goto(`${suite.url}/#/chat/channel/${gid}`);
  await tp.page.locator("[role=log]").waitFor();
  return tp;
}

const messageWith = (page: Page, testId: string) => messageList(page).getByTestId("message").filter({ has: page.getByTestId(testId) });

describe("message content", () => {
  it("shows pictures, file cards, highlighted code, link previews, archives and expiring messages", async () => {
    const { admin } = suite;
    const gid = suite.gid("general");
    await admin.request("PUT", "/admin/system/common", { ext_setting: JSON.stringify({ enable_msg_url_preview: true }) });

    const b = await signInToChannel(BOB, gid);
    const { page: pb } = b;

    // Ada posts while Bob watches: a link, code, a picture and a PDF.
    const linkMid = await admin.send({ gid }, `The release notes are out: ${siteUrl}/release-notes — have a look before Friday.`);
    await admin.send(
      { gid },
      "Here is the retry helper we talked about:\n\n```ts\nexport async function retry<T>(fn: () => Promise<T>, times = 3): Promise<T> {\n  for (let i = 0; ; i++) {\n    try { return await fn(); }\n    catch (err) { if (i >= times) throw err; } // give up\n  }\n}\n```",
      { contentType: "text/markdown" },
    );
    const png = landscapePng();
    const image = await admin.upload("sunset-hills.png", "image/png", png);
    expect(image.image_properties).toEqual({ width: 960, height: 600 });
    const imageMid = await admin.send({ gid }, JSON.stringify({ path: image.path }), {
      contentType: "vocechat/file",
      properties: { name: "sunset-hills.png", content_type: "image/png", size: image.size, width: 960, height: 600, local_id: Date.now() },
    });
    const pdf = await admin.upload("Project plan Q3.pdf", "application/pdf", PDF);
    const pdfMid = await admin.send({ gid }, JSON.stringify({ path: pdf.path }), {
      contentType: "vocechat/file",
      properties: { name: "Project plan Q3.pdf", content_type: "application/pdf", size: pdf.size, local_id: Date.now() },
    });

    // The link preview card, from the server's Open Graph reader.
    const preview = message(pb, "The release notes are out").getByTestId("link-preview");
    await preview.waitFor();
    await expect(preview.getByTestId("link-preview-title").innerText()).resolves.toBe("Parley 1.0: files, previews and forwarding");
    await expect(preview.getByTestId("link-preview-site").innerText()).resolves.toBe("Parley Blog");
    await expect(preview.getByTestId("link-preview-title").getAttribute("href")).resolves.toBe(`${siteUrl}/release-notes`);
    // The URL in the text is a link too.
    await expect(message(pb, "The release notes are out").getByRole("link", { name: `${siteUrl}/release-notes` }).count()).resolves.toBe(1);

    // The code block is highlighted (highlight.js classes, coloured by our theme).
    const code = messageList(pb).getByTestId("code-block").locator("code");
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
    const res = await pb.request.get(`${suite.url}${href}`);
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
    await screenshotBothThemes(pb, "chat-lightbox", { keepHover: true });
    await lightbox.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => pb.locator(".yarl__root").count()).toBe(0);

    // Forwarding: Ada archives three messages and sends the bundle; Bob opens it.
    const archivePath = await admin.request<string>("POST", "/resource/archive", { mid_list: [linkMid, imageMid, pdfMid] });
    await admin.send({ gid }, archivePath, { contentType: "vocechat/archive" });
    const archive = messageWith(pb, "archive").getByTestId("archive");
    await archive.waitFor();
    await expect(archive.getByTestId("archive-title").innerText()).resolves.toBe("Forwarded 3 messages");
    await expect(archive.getByTestId("archive-excerpt").count()).resolves.toBe(2);
    await archive.getByTestId("archive-toggle").click();
    await expect(archive.getByTestId("archive-toggle").getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(archive.getByTestId("archive-message").count()).resolves.toBe(3);
    await expect(archive.getByTestId("archive-sender").allInnerTexts()).resolves.toEqual([ADA.name, ADA.name, ADA.name]);
    await expect(archive.getByTestId("archive-message").first().innerText()).resolves.toContain("The release notes are out");
    const archivedImg = archive.getByTestId("image-thumb").locator("img");
    await expect(archivedImg.getAttribute("src")).resolves.toContain("/api/resource/archive/attachment?");
    await expect.poll(() => archivedImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await expect(archive.getByTestId("file-card").getByTestId("file-name").innerText()).resolves.toBe("Project plan Q3.pdf");
    await pb.locator("[role=log]").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await pb.waitForTimeout(300);
    await screenshotBothThemes(pb, "chat-archive");

    // Burn after reading: Ada's messages here now expire after 8 s; Bob sees the countdown, then nothing.
    await admin.request("POST", "/user/burn-after-reading", { groups: [{ gid, expires_in: 8 }] });
    await admin.sendToChannel(gid, "This note will self-destruct");
    const burning = message(pb, "This note will self-destruct");
    const badge = burning.getByTestId("expiry-countdown");
    await badge.waitFor();
    await expect(badge.innerText()).resolves.toMatch(/^[1-8]s$/);
    await expect.poll(() => burning.count(), { timeout: 20_000 }).toBe(0);
    await admin.request("POST", "/user/burn-after-reading", { groups: [{ gid, expires_in: 0 }] });

    // Ada puts her own messages on the right (Settings → My Account).
    const a = await signInToChannel(ADA, gid);
    const { page: pa } = a;
    await pa.goto(`${suite.url}/#/setting/my_account`);
    const layout = pa.getByRole("radiogroup", { name: "Chat layout" });
    await layout.getByRole("radio", { name: /My messages on the right/ }).click();
    await expect(layout.getByRole("radio", { name: /My messages on the right/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await screenshotBothThemes(pa, "setting-chat-layout");
    await pa.goto(`${suite.url}/#/chat/channel/${gid}`);
    await admin.sendToChannel(gid, "Right-aligned now");
    const bob = await suite.api(BOB);
    await bob.sendToChannel(gid, "Looks great from here — the picture came through fine.");
    const mine = message(pa, "Right-aligned now").getByTestId("message-content");
    await mine.waitFor();
    await expect(mine.getAttribute("data-layout")).resolves.toBe("right");
    const theirs = message(pa, "Looks great from here").getByTestId("message-content");
    await theirs.waitFor();
    await expect(theirs.getAttribute("data-layout")).resolves.toBe(null);
    const [mineBox, theirsBox] = [await mine.boundingBox(), await theirs.boundingBox()];
    // A short bubble at the right edge; theirs starts at the left, after the avatar.
    expect(mineBox!.x).toBeGreaterThan(theirsBox!.x + 400);
    expect(mineBox!.width).toBeLessThan(300);
    // The choice survives a reload (localStorage).
    await pa.reload();
    await expect(message(pa, "Right-aligned now").getByTestId("message-content").getAttribute("data-layout")).resolves.toBe("right");
    await pa.waitForTimeout(300);
    await screenshotBothThemes(pa, "chat-layout-right");

    // With previews turned off, a new link shows none.
    await admin.request("PUT", "/admin/system/common", { ext_setting: JSON.stringify({ enable_msg_url_preview: false }) });
    await pb.waitForTimeout(500);
    await admin.sendToChannel(gid, `Another link: ${siteUrl}/release-notes?v=2`);
    const plain = message(pb, "Another link:");
    await plain.waitFor();
    await pb.waitForTimeout(800);
    await expect(plain.getByTestId("link-preview").count()).resolves.toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
