/**
 * The composer between two users in two browser contexts: an @mention picked from the list
 * arrives as a real mention (highlighted name on the other side), emoji from the picker, a draft
 * that survives a reload, files (button, paste, drop) uploaded in chunks with a progress bar per
 * file and received by the other user, 'File size too large' on a 413 for one file while the
 * others go on, and the typing line. Screenshots: the mention list, the emoji picker, files
 * mid-upload, the drop overlay.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { gzipSizes, recordAssets } from "../helpers/bundle";
import { composer, fileMessage, message } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const ROB = { name: "Robert Bobson", email: "robert@example.com", password: "battery staple 3" };
/** Small enough that a 3.5 MB file is refused, large enough for a multi-chunk image. */
const MAX_FILE_SIZE = 3_000_000;

const suite = useSuite({
  env: { MAX_FILE_SIZE: String(MAX_FILE_SIZE) },
  members: [BOB, ROB],
  channels: [{ name: "general", description: "Company-wide announcements and chatter" }],
});

/** A noisy gradient PNG drawn by the browser: ~2.5 MB, so it goes up in three 1 MB chunks. */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d")!;
      const img = ctx.createImageData(w, h);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const n = Math.random() * 90 - 45;
          img.data[i] = 70 + (x / w) * 120 + n;
          img.data[i + 1] = 90 + (y / h) * 100 + n;
          img.data[i + 2] = 210 - (x / w) * 60 + n;
          img.data[i + 3] = 255;
        }
      }
      ctx.putImageData(img, 0, 0);
      return canvas.toDataURL("image/png");
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

/** Files into the page as a DataTransfer: a paste on the composer, or a drop on the chat area. */
async function transferFiles(page: Page, how: "paste" | "drop", files: { name: string; type: string; text: string }[], hold = false) {
  await page.evaluate(
    ({ how, files, hold }) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([f.text], f.name, { type: f.type }));
      if (how === "paste") {
        document.querySelector("[data-testid=composer]")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
        return;
      }
      const area = document.querySelector("[data-chat-area]")!;
      const fire = (type: string) => area.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      fire("dragenter");
      fire("dragover");
      if (!hold) fire("drop");
    },
    { how, files, hold },
  );
}

describe("chat composer", () => {
  it("mentions, emoji, drafts, uploads and typing between two users", async () => {
    const { admin } = suite;
    const gid = suite.gid("general");
    await admin.sendToChannel(gid, "Morning all! Release notes are due today.");

    const a = await suite.signedInPage(ADA, { channel: gid });
    const b = await suite.signedInPage(BOB, { channel: gid });
    const { page: pa } = a;
    const { page: pb } = b;

    // Mentions: "@bo" lists the matching members; Enter picks the highlighted one.
    await message(pa, "Morning all! Release notes are due today.").waitFor();
    await composer(pa).click();
    await pa.keyboard.type("Hey @bo");
    const mentionList = pa.getByTestId("mention-list");
    await mentionList.waitFor();
    await expect(mentionList.getByTestId("mention-name").allInnerTexts()).resolves.toEqual([BOB.name, ROB.name]);
    await screenshotBothThemes(pa, "composer-mentions");
    await pa.keyboard.press("Enter");
    await expect(composer(pa).inputValue()).resolves.toBe(`Hey @${BOB.name} `);
    await pa.getByTestId("mention-layer").locator("mark", { hasText: `@${BOB.name}` }).waitFor();
    await pa.keyboard.type("can you review the release notes?");
    await pa.keyboard.press("Enter");
    // Bob sees his name, highlighted, in place of the wire form.
    const mentioned = message(pb, /can you review the release notes/);
    await mentioned.waitFor();
    await mentioned.getByText(`@${BOB.name}`, { exact: true }).waitFor();
    await expect(mentioned.getByTestId("message-content").innerText()).resolves.not.toContain(`@${suite.uid(BOB)}`);

    // Typing: Bob types, Ada sees it above her composer; his message ends it.
    await composer(pb).click();
    await pb.keyboard.type("On it, reviewing now");
    const typing = pa.getByTestId("typing-text");
    await typing.waitFor();
    await expect(typing.innerText()).resolves.toBe(`${BOB.name} is typing…`);
    await screenshotBothThemes(pa, "composer-typing");
    await pb.keyboard.press("Enter");
    await message(pa, "On it, reviewing now").waitFor();
    await expect.poll(() => typing.count()).toBe(0);

    // Emoji: the picker (loaded on first open) inserts at the caret.
    await composer(pa).fill("Ship it ");
    await pa.getByRole("button", { name: "Emoji" }).click();
    const picker = pa.locator("em-emoji-picker");
    await picker.locator("input[type=search]").waitFor();
    await picker.locator("button[aria-label='😀']").first().waitFor();
    await screenshotBothThemes(pa, "composer-emoji");
    await picker.locator("input[type=search]").fill("rocket");
    await picker.locator("button[aria-label='🚀']").first().click();
    await expect.poll(() => picker.count()).toBe(0);
    await expect(composer(pa).inputValue()).resolves.toBe("Ship it 🚀");
    await pa.keyboard.type(" today");
    await expect(composer(pa).inputValue()).resolves.toBe("Ship it 🚀 today");
    await pa.keyboard.press("Enter");
    await message(pb, "Ship it 🚀 today").waitFor();

    // Drafts survive a reload, mentions included, and are per conversation.
    await composer(pa).fill("Draft for later, ask @rob");
    await pa.getByTestId("mention-list").waitFor();
    await pa.keyboard.press("Tab");
    await pa.keyboard.type("about it");
    await pa.reload();
    await expect.poll(() => composer(pa).inputValue()).toBe(`Draft for later, ask @${ROB.name} about it`);
    await pa.getByTestId("mention-layer").locator("mark", { hasText: `@${ROB.name}` }).waitFor();
    await composer(pa).fill("");

    // Files: the paperclip (several at once), a paste and a drop all queue previews.
    const png = await makePng(pa, 1200, 800);
    expect(png.length).toBeGreaterThan(2_000_000);
    await pa.getByTestId("file-input").setInputFiles([
      { name: "release-banner.png", mimeType: "image/png", buffer: png },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Release notes\n- composer\n") },
      { name: "raw-footage.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(3_500_000, 7) },
    ]);
    await transferFiles(pa, "paste", [{ name: "pasted.txt", type: "text/plain", text: "pasted from the clipboard" }]);
    // The overlay shows while files are dragged over the chat area.
    await transferFiles(pa, "drop", [{ name: "dropped.csv", type: "text/csv", text: "a,b\n1,2\n" }], true);
    await pa.getByTestId("drop-overlay").waitFor();
    await screenshotBothThemes(pa, "composer-drop");
    await transferFiles(pa, "drop", [{ name: "dropped.csv", type: "text/csv", text: "a,b\n1,2\n" }]);
    await expect.poll(() => pa.getByTestId("drop-overlay").count()).toBe(0);
    const items = pa.getByTestId("upload-item");
    await expect.poll(() => items.count()).toBe(5);
    await expect(pa.getByTestId("upload-list").getByTestId("upload-name").allInnerTexts()).resolves.toEqual([
      "release-banner.png",
      "notes.txt",
      "raw-footage.bin",
      "pasted.txt",
      "dropped.csv",
    ]);
    await items.first().getByTestId("upload-thumb").waitFor();
    await expect(items.first().innerText()).resolves.toContain("2.");

    // Rename inline; remove one.
    await items.nth(1).getByTestId("upload-name").click();
    await pa.getByTestId("upload-rename").fill("release-notes.txt");
    await pa.getByTestId("upload-rename").press("Enter");
    await expect(items.nth(1).getByTestId("upload-name").innerText()).resolves.toBe("release-notes.txt");
    await pa.getByRole("button", { name: "Remove dropped.csv" }).click();
    await expect.poll(() => items.count()).toBe(4);

    // Hold the image's second chunk to see it mid-upload.
    const held: { release?: () => void } = {};
    let chunks = 0;
    await pa.route("**/api/resource/file/upload", async (route: Route) => {
      chunks++;
      if (chunks === 2) await new Promise<void>((resolve) => (held.release = resolve));
      await route.continue();
    });
    await composer(pa).fill("Here are the release files");
    await pa.keyboard.press("Enter");
    const bar = items.first().getByRole("progressbar");
    await expect.poll(async () => ((await bar.count()) ? Number(await bar.getAttribute("aria-valuenow")) : 0)).toBeGreaterThanOrEqual(30);
    await expect(items.nth(1).getByTestId("upload-status").innerText()).resolves.toBe("Waiting…");
    await screenshotBothThemes(pa, "composer-uploads");
    await expect.poll(() => !!held.release).toBe(true);
    held.release!();
    await fileMessage(pb, "release-banner.png").waitFor();
    await pa.unrouteAll({ behavior: "wait" });

    // Bob receives the text, then each file as its own message, in order.
    await message(pb, "Here are the release files").waitFor();
    await fileMessage(pb, "release-banner.png").waitFor();
    await fileMessage(pb, "release-notes.txt").waitFor();
    await fileMessage(pb, "pasted.txt").waitFor();
    // The oversized file stays with the reason; the ones after it went on.
    const refused = items.filter({ hasText: "raw-footage.bin" });
    await expect.poll(() => refused.getByTestId("upload-status").innerText()).toBe("File size too large");
    await expect.poll(() => items.count()).toBe(1);
    await expect(fileMessage(pb, "raw-footage.bin").count()).resolves.toBe(0);
    await refused.getByRole("button", { name: "Remove raw-footage.bin" }).click();
    await expect.poll(() => items.count()).toBe(0);

    // The image message carries what the VoceChat client sends: name, type, size and dimensions.
    const history = await admin.request<{ detail: { content_type: string; properties: Record<string, unknown> } }[]>("GET", `/group/${gid}/history?limit=20`);
    const image = history.find((m) => m.detail.properties?.name === "release-banner.png");
    expect(image?.detail.content_type).toBe("vocechat/file");
    expect(image?.detail.properties).toMatchObject({ content_type: "image/png", width: 1200, height: 800, size: png.length });

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  // The issue-8 budget (250 KB gzip for what a chat channel loads) is measured by
  // `node bench/bundle.mjs` (231 KB on this commit). This guard counts more: every JS and CSS
  // file fetched until the network is idle, including the chunks the app pulls in after the first
  // paint (read index, members, archive renderer); it stops regressions at 260 KB. Every chat
  // page listens for a ring, marks calls in the sidebar and counts unread messages in the title;
  // the call itself, its window and the ring load with the first call or ring, and the push code
  // with logging out (docs/PERFORMANCE.md).
  it("keeps the chat channel route within 260 KB gzip of JS and CSS until the network is idle", async () => {
    // #general holds what the test above sent. The emoji picker and the upload code are not
    // part of it.
    const gid = suite.gid("general");
    const tp = await suite.signedInPage(ADA, { channel: gid });
    const fresh = await tp.context.newPage();
    const assets = recordAssets(fresh);
    await fresh.goto(`${suite.url}/#/chat/channel/${gid}`);
    await composer(fresh).waitFor();
    await fresh.waitForLoadState("networkidle");
    const sizes = gzipSizes(assets);
    const total = sizes.reduce((sum, x) => sum + x.size, 0);
    const largest = [...sizes].sort((x, y) => y.size - x.size).slice(0, 6);
    console.info(`chat channel route: ${(total / 1000).toFixed(1)} kB gzip; all: ${sizes.map((x) => `${x.asset} ${(x.size / 1000).toFixed(1)}`).join(", ")}; largest: ${largest.map((x) => `${x.asset} ${(x.size / 1000).toFixed(1)}`).join(", ")}`);
    expect(assets.size).toBeGreaterThan(0);
    expect([...assets].some((x) => /EmojiPicker|sendFiles|FileQueue/.test(x))).toBe(false);
    // Nor is the call (its media, window and ring) or the push code.
    expect([...assets].filter((x) => /\/(session|CallPanel|IncomingRing|mesh|agoraMedia|push)-/.test(x))).toEqual([]);
    expect(total).toBeLessThanOrEqual(260_000);
    await tp.context.close();
  });
});
