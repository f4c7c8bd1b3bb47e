/**
 * Files in the composer between two users in two browser contexts: an upload that fails on the
 * network offers Retry, which uploads it again with its progress bar and sends it; files sent
 * while replying arrive as replies, shown with the quoted message. Screenshots: the failed
 * upload with its Retry, the retry under way, a reply with a file queued, and the replies with
 * files on the other side.
 */
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { composer, fileMessage, message, messageAction } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Company-wide announcements and chatter" }] });

describe("composer files", () => {
  it("retries a failed upload and sends files as a reply", async () => {
    const gid = suite.gid("general");
    const a = await suite.signedInPage(ADA, { channel: gid });
    const b = await suite.signedInPage(BOB, { channel: gid });
    const { page: pa } = a;
    const { page: pb } = b;

    // Bob asks; Ada answers with the deck, but her first upload attempt dies on the network.
    await composer(pb).fill("Can someone share the Q3 deck and the notes?");
    await pb.keyboard.press("Enter");
    const question = message(pa, "Can someone share the Q3 deck and the notes?");
    await question.waitFor();

    let attempts = 0;
    const held: { release?: () => void } = {};
    await pa.route("**/api/resource/file/upload", async (route: Route) => {
      attempts++;
      if (attempts === 1) return route.abort("connectionreset");
      // The retry's chunk waits, so its progress bar can be seen.
      if (attempts === 2) await new Promise<void>((resolve) => (held.release = resolve));
      return route.continue();
    });
    const deck = Buffer.alloc(180_000, 0x25);
    deck.write("%PDF-1.4\n");
    await pa.getByTestId("file-input").setInputFiles([{ name: "q3-deck.pdf", mimeType: "application/pdf", buffer: deck }]);
    const items = pa.getByTestId("upload-item");
    await expect.poll(() => items.count()).toBe(1);
    await composer(pa).press("Enter");
    const card = items.filter({ hasText: "q3-deck.pdf" });
    await expect.poll(() => card.getAttribute("data-status")).toBe("error");
    await expect(card.getByTestId("upload-status").innerText()).resolves.toBe("Failed to fetch");
    const retry = card.getByRole("button", { name: "Retry q3-deck.pdf" });
    await retry.waitFor();
    await screenshotBothThemes(pa, "composer-upload-retry");
    await expect(fileMessage(pb, "q3-deck.pdf").count()).resolves.toBe(0);

    // Retry from the keyboard: the file goes up again with its progress bar, then is sent.
    await retry.focus();
    await pa.keyboard.press("Enter");
    await card.getByRole("progressbar", { name: "Uploading q3-deck.pdf" }).waitFor();
    await expect(card.getAttribute("data-status")).resolves.toBe("uploading");
    await expect(retry.count()).resolves.toBe(0);
    await expect.poll(() => !!held.release).toBe(true);
    await screenshotBothThemes(pa, "composer-upload-retrying");
    held.release!();
    await fileMessage(pb, "q3-deck.pdf").waitFor();
    await expect.poll(() => items.count()).toBe(0);
    expect(attempts).toBe(2);
    await pa.unrouteAll({ behavior: "wait" });

    // Reply with text and a file: both arrive as replies quoting Bob's question.
    await messageAction(question, "Reply");
    await pa.getByTestId("composer-mode").getByText(`Replying to ${BOB.name}`).waitFor();
    await pa.getByTestId("file-input").setInputFiles([{ name: "q3-notes.txt", mimeType: "text/plain", buffer: Buffer.from("Q3 notes\n- revenue up\n- hiring\n") }]);
    await composer(pa).fill("Here are the notes too");
    await pa.getByTestId("upload-item").filter({ hasText: "q3-notes.txt" }).waitFor();
    await screenshotBothThemes(pa, "composer-reply-with-file");
    await composer(pa).press("Enter");
    await expect.poll(() => pa.getByTestId("composer-mode").count()).toBe(0);
    const textReply = message(pb, "Here are the notes too");
    await textReply.getByTestId("reply-quote").getByText("Can someone share the Q3 deck and the notes?").waitFor();
    const fileReply = fileMessage(pb, "q3-notes.txt");
    await fileReply.waitFor();
    await fileReply.getByTestId("reply-quote").getByText("Can someone share the Q3 deck and the notes?").waitFor();

    // Files alone, in reply mode, are replies too and leave reply mode.
    await messageAction(question, "Reply");
    await pa.getByTestId("composer-mode").waitFor();
    await pa.getByTestId("file-input").setInputFiles([{ name: "q3-summary.csv", mimeType: "text/csv", buffer: Buffer.from("quarter,revenue\nQ3,1.2M\n") }]);
    await pa.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => pa.getByTestId("composer-mode").count()).toBe(0);
    const csvReply = fileMessage(pb, "q3-summary.csv");
    await csvReply.getByTestId("reply-quote").waitFor();
    await csvReply.scrollIntoViewIfNeeded();
    await screenshotBothThemes(pb, "chat-reply-with-file");

    // The server stored them as replies to the question, with the file's properties.
    const history = await suite.admin.request<{ mid: number; detail: { type: string; mid?: number; content: string; content_type: string; properties: Record<string, unknown> | null } }[]>(
      "GET",
      `/group/${gid}/history?limit=20`,
    );
    const questionMid = history.find((m) => m.detail.content === "Can someone share the Q3 deck and the notes?")?.mid;
    expect(questionMid).toBeGreaterThan(0);
    const replies = history.filter((m) => m.detail.type === "reply");
    expect(replies.map((m) => [m.detail.mid, m.detail.content_type, m.detail.properties?.name ?? null])).toEqual([
      [questionMid, "text/plain", null],
      [questionMid, "vocechat/file", "q3-notes.txt"],
      [questionMid, "vocechat/file", "q3-summary.csv"],
    ]);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
